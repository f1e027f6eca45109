// Ordnance Survey National Grid eastings/northings (OSGB36, as Code-Point
// Open gives them) to WGS84 latitude/longitude, for `db:postcodes`
// (decision 0034). The formulas of the OS's "A guide to coordinate systems in
// Great Britain": the inverse Transverse Mercator projection on the Airy 1830
// ellipsoid, then a Helmert transformation to WGS84 — accurate to about 5 m,
// far finer than a postcode's centre needs.
import type { LatLng } from "~/lib/geo";

const AIRY = { a: 6377563.396, b: 6356256.909 };
const WGS84 = { a: 6378137, b: 6356752.314245 };
// The National Grid's true origin and scale.
const F0 = 0.9996012717;
const LAT0 = (49 * Math.PI) / 180;
const LON0 = (-2 * Math.PI) / 180;
const E0 = 400000;
const N0 = -100000;
// OSGB36 → WGS84 (metres, arc-seconds, parts per million).
const HELMERT = { tx: 446.448, ty: -125.157, tz: 542.06, rx: 0.1502, ry: 0.247, rz: 0.8421, s: -20.4894 };

const eccentricity2 = ({ a, b }: { a: number; b: number }) => 1 - (b * b) / (a * a);

export function gridToLatLng(easting: number, northing: number): LatLng {
  const { a, b } = AIRY;
  const e2 = eccentricity2(AIRY);
  const n = (a - b) / (a + b);
  const [n2, n3] = [n * n, n * n * n];

  // The latitude whose meridional arc is the northing, by iteration.
  let lat = LAT0;
  let M = 0;
  do {
    lat = (northing - N0 - M) / (a * F0) + lat;
    const dLat = lat - LAT0;
    const sLat = lat + LAT0;
    M =
      b *
      F0 *
      ((1 + n + (5 / 4) * n2 + (5 / 4) * n3) * dLat -
        (3 * n + 3 * n2 + (21 / 8) * n3) * Math.sin(dLat) * Math.cos(sLat) +
        ((15 / 8) * n2 + (15 / 8) * n3) * Math.sin(2 * dLat) * Math.cos(2 * sLat) -
        (35 / 24) * n3 * Math.sin(3 * dLat) * Math.cos(3 * sLat));
  } while (Math.abs(northing - N0 - M) >= 0.00001);

  const sin = Math.sin(lat);
  const nu = (a * F0) / Math.sqrt(1 - e2 * sin * sin);
  const rho = (a * F0 * (1 - e2)) / Math.pow(1 - e2 * sin * sin, 1.5);
  const eta2 = nu / rho - 1;
  const tan = Math.tan(lat);
  const [tan2, tan4, tan6] = [tan ** 2, tan ** 4, tan ** 6];
  const sec = 1 / Math.cos(lat);
  const VII = tan / (2 * rho * nu);
  const VIII = (tan / (24 * rho * nu ** 3)) * (5 + 3 * tan2 + eta2 - 9 * tan2 * eta2);
  const IX = (tan / (720 * rho * nu ** 5)) * (61 + 90 * tan2 + 45 * tan4);
  const X = sec / nu;
  const XI = (sec / (6 * nu ** 3)) * (nu / rho + 2 * tan2);
  const XII = (sec / (120 * nu ** 5)) * (5 + 28 * tan2 + 24 * tan4);
  const XIIA = (sec / (5040 * nu ** 7)) * (61 + 662 * tan2 + 1320 * tan4 + 720 * tan6);
  const dE = easting - E0;
  const osgbLat = lat - VII * dE ** 2 + VIII * dE ** 4 - IX * dE ** 6;
  const osgbLon = LON0 + X * dE - XI * dE ** 3 + XII * dE ** 5 - XIIA * dE ** 7;

  // OSGB36 → Cartesian (height 0) → Helmert → WGS84 Cartesian → latitude/longitude.
  const nuA = a / Math.sqrt(1 - e2 * Math.sin(osgbLat) ** 2);
  const x1 = nuA * Math.cos(osgbLat) * Math.cos(osgbLon);
  const y1 = nuA * Math.cos(osgbLat) * Math.sin(osgbLon);
  const z1 = (1 - e2) * nuA * Math.sin(osgbLat);
  const arcsec = Math.PI / (180 * 3600);
  const [rx, ry, rz] = [HELMERT.rx * arcsec, HELMERT.ry * arcsec, HELMERT.rz * arcsec];
  const s1 = 1 + HELMERT.s / 1e6;
  const x2 = HELMERT.tx + s1 * x1 - rz * y1 + ry * z1;
  const y2 = HELMERT.ty + rz * x1 + s1 * y1 - rx * z1;
  const z2 = HELMERT.tz - ry * x1 + rx * y1 + s1 * z1;

  const e2w = eccentricity2(WGS84);
  const p = Math.sqrt(x2 * x2 + y2 * y2);
  let phi = Math.atan2(z2, p * (1 - e2w));
  for (let i = 0; i < 10; i++) {
    const nuW = WGS84.a / Math.sqrt(1 - e2w * Math.sin(phi) ** 2);
    phi = Math.atan2(z2 + e2w * nuW * Math.sin(phi), p);
  }
  return { latitude: (phi * 180) / Math.PI, longitude: (Math.atan2(y2, x2) * 180) / Math.PI };
}
