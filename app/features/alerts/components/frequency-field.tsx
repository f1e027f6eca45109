import { Label, Select } from "~/components/ui/form-controls";
import { frequencies, frequencyLabels, type Frequency } from "../frequencies";

/** "E-mail me": how often a saved search alerts. */
export function FrequencyField({ id, defaultValue }: { id: string; defaultValue: Frequency }) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>E-mail me</Label>
      <Select id={id} name="frequency" defaultValue={defaultValue}>
        {frequencies.map((frequency) => (
          <option key={frequency} value={frequency}>
            {frequencyLabels[frequency]}
          </option>
        ))}
      </Select>
    </div>
  );
}
