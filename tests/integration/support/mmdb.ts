/**
 * Writes a tiny MaxMind DB (format 2.0, IPv4, 24-bit records) mapping networks to a country,
 * so the GeoIP path of country detection is tested with the real reader on a real file.
 */
const EMPTY = -1;

function encodeString(value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length >= 29) throw new Error('string too long for this writer');
  return Buffer.concat([Buffer.from([(2 << 5) | bytes.length]), bytes]);
}

function encodeUint(type: 5 | 6 | 9, value: number): Buffer {
  const bytes: number[] = [];
  for (let v = value; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  const head = type === 9 ? [bytes.length, type - 7] : [(type << 5) | bytes.length];
  return Buffer.from([...head, ...bytes]);
}

type Value = string | number | Value[] | { [key: string]: Value } | { uint64: number };

function encode(value: Value): Buffer {
  if (typeof value === 'string') return encodeString(value);
  if (typeof value === 'number') return encodeUint(value > 0xffff ? 6 : 5, value);
  if (Array.isArray(value)) return Buffer.concat([Buffer.from([value.length, 11 - 7]), ...value.map(encode)]);
  if ('uint64' in value && typeof value.uint64 === 'number') return encodeUint(9, value.uint64);
  const entries = Object.entries(value as Record<string, Value>);
  return Buffer.concat([Buffer.from([(7 << 5) | entries.length]), ...entries.flatMap(([k, v]) => [encodeString(k), encode(v)])]);
}

export function writeCountryMmdb(networks: Array<{ cidr: string; iso: string }>): Buffer {
  const data: Buffer[] = [];
  const offsets = new Map<string, number>();
  let size = 0;
  for (const { iso } of networks) {
    if (offsets.has(iso)) continue;
    const record = encode({ country: { iso_code: iso } });
    offsets.set(iso, size);
    data.push(record);
    size += record.length;
  }
  // Each node holds [left, right]: a node index, EMPTY, or -(2 + data offset) for data.
  const nodes: Array<[number, number]> = [[EMPTY, EMPTY]];
  for (const { cidr, iso } of networks) {
    const [address = '', bitsText = '32'] = cidr.split('/');
    const bits = Number(bitsText);
    const ip = address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
    let node = 0;
    for (let depth = 0; depth < bits; depth++) {
      const bit = Math.floor(ip / 2 ** (31 - depth)) % 2;
      if (depth === bits - 1) {
        nodes[node]![bit] = -(2 + offsets.get(iso)!);
      } else {
        if (nodes[node]![bit]! < 0) {
          nodes.push([EMPTY, EMPTY]);
          nodes[node]![bit] = nodes.length - 1;
        }
        node = nodes[node]![bit]!;
      }
    }
  }
  const count = nodes.length;
  const tree = Buffer.alloc(count * 6);
  nodes.forEach((pair, index) => {
    pair.forEach((record, side) => {
      const value = record === EMPTY ? count : record < 0 ? count + 16 + (-record - 2) : record;
      tree.writeUIntBE(value, index * 6 + side * 3, 3);
    });
  });
  const metadata = encode({
    node_count: count,
    record_size: 24,
    ip_version: 4,
    database_type: 'Test-Country',
    languages: ['en'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: { uint64: 1_790_000_000 },
    description: { en: 'test' },
  });
  return Buffer.concat([tree, Buffer.alloc(16), ...data, Buffer.from([0xab, 0xcd, 0xef]), Buffer.from('MaxMind.com'), metadata]);
}
