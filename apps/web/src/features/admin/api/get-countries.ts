import { useCountryNameMap } from '../../../lib/reference.ts';

/** The countries' names in the reader's language (GET countries, shared with the forms); a code without a name reads as itself. */
export function useCountryNames() {
  const names = useCountryNameMap();
  return (code: string | null | undefined) => (code ? (names.data?.get(code) ?? code) : code);
}
