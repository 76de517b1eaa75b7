import { useId } from 'react';
import { productionBaseUrl } from '../../../shared/environment/connection-test.ts';

export interface ServicePresetProps {
  readonly baseUrl: string;
  /** Called with the preset's base URL and a name for it; null for a custom service. */
  readonly onPick: (preset: { baseUrl: string; name: string } | null) => void;
}

export const productionPreset = { baseUrl: productionBaseUrl, name: 'WhenFresh production' } as const;

/** The production service as one click; anything else is a custom base URL typed below. */
export function ServicePreset({ baseUrl, onPick }: ServicePresetProps) {
  const name = useId();
  const production = baseUrl.trim().replace(/\/+$/, '') === productionBaseUrl;
  return (
    <fieldset className="radio-group">
      <legend>Service</legend>
      <label>
        <input type="radio" name={name} checked={production} onChange={() => { onPick(productionPreset); }} />
        Production: {productionBaseUrl}
      </label>
      <label>
        <input type="radio" name={name} checked={!production} onChange={() => { onPick(null); }} />
        Custom: type the base URL
      </label>
    </fieldset>
  );
}
