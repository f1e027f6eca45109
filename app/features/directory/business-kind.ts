/** The spec marks a directory business as a dental practice when its name contains 'Dental'. */
export function isDentalPractice(name: string): boolean {
  return name.includes("Dental");
}
