// The visitor's shared location, in the spec's browser storage keys.
export const LOCATION_PERMISSION_KEY = "location-permission";
export const USER_LOCATION_KEY = "user-location";
/**
 * The same position as a first-party cookie, rounded to about 100 m, so the
 * server can put the nearest businesses first — docs/decisions/0007-location-ordering.md.
 */
export const LOCATION_COOKIE = "user-location";

export function parseLocationCookie(header: string | null): { latitude: number; longitude: number } | null {
  const match = header?.match(/(?:^|;\s*)user-location=(-?\d{1,2}(?:\.\d+)?)(?:,|%2C)(-?\d{1,3}(?:\.\d+)?)(?:;|$)/i);
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

function writeLocationCookie(location: UserLocation | null) {
  const secure = location && window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = location
    ? `${LOCATION_COOKIE}=${location.latitude.toFixed(3)},${location.longitude.toFixed(3)}; Path=/; Max-Age=${30 * 24 * 3600}; SameSite=Lax${secure}`
    : `${LOCATION_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

export interface UserLocation {
  latitude: number;
  longitude: number;
  granted: true;
}

export function readLocationPermission(): "granted" | "denied" | null {
  const value = localStorage.getItem(LOCATION_PERMISSION_KEY);
  return value === "granted" || value === "denied" ? value : null;
}

/**
 * Asks the browser for the position. On success stores it with permission
 * "granted"; on any error stores "denied" and logs the error, as the spec says.
 */
export function requestUserLocation(): Promise<UserLocation | null> {
  return new Promise((resolve) => {
    const deny = (error: unknown) => {
      console.error("Location unavailable:", error);
      localStorage.setItem(LOCATION_PERMISSION_KEY, "denied");
      writeLocationCookie(null);
      resolve(null);
    };
    if (!("geolocation" in navigator)) return deny(new Error("Geolocation is not supported"));
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const location: UserLocation = {
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          granted: true,
        };
        localStorage.setItem(LOCATION_PERMISSION_KEY, "granted");
        localStorage.setItem(USER_LOCATION_KEY, JSON.stringify(location));
        writeLocationCookie(location);
        resolve(location);
      },
      (error) => deny(error.message),
      { maximumAge: 10 * 60 * 1000, timeout: 15_000 },
    );
  });
}
