import { isIPv4 } from 'node:net';
import maxmind, { type CityResponse } from 'maxmind';

/** Roughly where an address is ("Lisbon, Portugal"), or null when that is not known. */
export type PlaceOf = (ip: string | null) => string | null;

/** Without a GeoIP database nothing is looked up anywhere: no place at all (decision 085). */
export const NO_PLACES: PlaceOf = () => null;

/**
 * The place lookup of GEOIP_DATABASE, a MaxMind database file (GeoLite2 or GeoIP2, City or Country)
 * read whole into memory at start; `NO_PLACES` when it is unset. Lookups are local, never a network call.
 * A file that is missing or not such a database fails the start, naming the variable.
 */
export async function openPlaceLookup(databasePath: string | undefined): Promise<PlaceOf> {
  if (!databasePath) return NO_PLACES;
  const reader = await maxmind.open<CityResponse>(databasePath).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`GEOIP_DATABASE: cannot read a MaxMind database at ${databasePath}: ${reason}`, {
      cause: error,
    });
  });
  return (ip) => {
    if (!ip) return null;
    try {
      return placeName(reader.get(plainAddress(ip)));
    } catch {
      // Not an address the database can look up (of the other IP version, say): no place.
      return null;
    }
  };
}

/** A server listening on `::` sees IPv4 clients as `::ffff:a.b.c.d`; the database files them as a.b.c.d. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(.+)$/i.exec(ip)?.[1];
  return mapped && isIPv4(mapped) ? mapped : ip;
}

/** The city and the country, in English, as far as the record knows them. */
export function placeName(record: CityResponse | null): string | null {
  const parts = [record?.city?.names.en, record?.country?.names.en].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
  return parts.length > 0 ? parts.join(', ') : null;
}
