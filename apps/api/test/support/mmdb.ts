/**
 * A tiny MaxMind DB (.mmdb) writer, for a GeoIP database the tests make themselves: MaxMind's test
 * files cannot be fetched here and no npm package ships one. It writes the format's version 2 as its
 * specification describes it (an IPv6 search tree with 24-bit records, IPv4 networks at ::a.b.c.d, a
 * data section of maps and strings, the metadata after its marker), enough for the `maxmind` reader.
 */
import { writeFileSync } from 'node:fs';

/** A record's values: maps of strings, numbers (written as uint32) and more maps or arrays. */
export type MmdbValue = string | number | MmdbValue[] | { [key: string]: MmdbValue };

export interface MmdbNetwork {
  /** An IPv4 network: `203.0.113.0/24`. */
  cidr: string;
  record: MmdbValue;
}

const TYPE = { string: 2, uint16: 5, uint32: 6, map: 7, uint64: 9, array: 11 } as const;
const METADATA_MARKER = Buffer.from('abcdef4d61784d696e642e636f6d', 'hex');
const DATA_SEPARATOR = 16;

/** A field's control byte(s): the type (extended types in a second byte) and the payload's size. */
function control(type: number, size: number): Buffer {
  const extended = type > 7;
  const first = (extended ? 0 : type) << 5;
  const typeByte = extended ? [type - 7] : [];
  if (size < 29) return Buffer.from([first | size, ...typeByte]);
  if (size < 285) return Buffer.from([first | 29, ...typeByte, size - 29]);
  if (size < 65_821) {
    const rest = size - 285;
    return Buffer.from([first | 30, ...typeByte, rest >> 8, rest & 0xff]);
  }
  throw new Error('field too large for this writer');
}

/** An unsigned integer in as few big-endian bytes as it needs (zero takes none). */
function unsigned(type: number, value: number | bigint): Buffer {
  let rest = BigInt(value);
  const bytes: number[] = [];
  while (rest > 0n) {
    bytes.unshift(Number(rest & 0xffn));
    rest >>= 8n;
  }
  return Buffer.concat([control(type, bytes.length), Buffer.from(bytes)]);
}

function encode(value: MmdbValue): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(TYPE.string, bytes.length), bytes]);
  }
  if (typeof value === 'number') return unsigned(TYPE.uint32, value);
  if (Array.isArray(value)) return Buffer.concat([control(TYPE.array, value.length), ...value.map(encode)]);
  const entries = Object.entries(value);
  return Buffer.concat([
    control(TYPE.map, entries.length),
    ...entries.flatMap(([key, item]) => [encode(key), encode(item)]),
  ]);
}

interface TreeNode {
  children: [Branch, Branch];
}
/** A node, a record's data offset, or nothing (no data for that range). */
type Branch = TreeNode | { data: number } | null;

/** The 128 bits of ::a.b.c.d followed by the network's prefix, as booleans. */
function ipv4Bits(cidr: string): boolean[] {
  const [address = '', prefix = '32'] = cidr.split('/');
  const octets = address.split('.').map(Number);
  if (octets.length !== 4 || octets.some((octet) => !(octet >= 0 && octet <= 255)))
    throw new Error(`not an IPv4 network: ${cidr}`);
  const bits = octets.flatMap((octet) => [...Array(8).keys()].map((i) => ((octet >> (7 - i)) & 1) === 1));
  return [...Array<boolean>(96).fill(false), ...bits.slice(0, Number(prefix))];
}

/** Writes a database holding `networks` to `file`; an address outside them has no record. */
export function writeMmdb(file: string, networks: MmdbNetwork[], databaseType = 'Journey-Test-City'): void {
  const dataParts: Buffer[] = [];
  let dataSize = 0;
  const root: TreeNode = { children: [null, null] };
  for (const network of networks) {
    const encoded = encode(network.record);
    const offset = dataSize;
    dataParts.push(encoded);
    dataSize += encoded.length;
    const bits = ipv4Bits(network.cidr);
    let node = root;
    bits.forEach((bit, depth) => {
      const side = bit ? 1 : 0;
      if (depth === bits.length - 1) {
        node.children[side] = { data: offset };
        return;
      }
      const next = node.children[side];
      if (next === null || !('children' in next)) node.children[side] = { children: [null, null] };
      node = node.children[side] as TreeNode;
    });
  }

  // Nodes numbered breadth first from the root (node 0), as the reader walks them.
  const nodes: TreeNode[] = [root];
  for (let i = 0; i < nodes.length; i++)
    for (const child of nodes[i]!.children) if (child && 'children' in child) nodes.push(child);
  const nodeCount = nodes.length;
  const recordOf = (branch: Branch): number => {
    if (branch === null) return nodeCount;
    if ('data' in branch) return nodeCount + DATA_SEPARATOR + branch.data;
    return nodes.indexOf(branch);
  };
  const tree = Buffer.alloc(nodeCount * 6);
  nodes.forEach((node, i) => {
    tree.writeUIntBE(recordOf(node.children[0]), i * 6, 3);
    tree.writeUIntBE(recordOf(node.children[1]), i * 6 + 3, 3);
  });

  const metadata = Buffer.concat([
    control(TYPE.map, 9),
    encode('node_count'),
    unsigned(TYPE.uint32, nodeCount),
    encode('record_size'),
    unsigned(TYPE.uint16, 24),
    encode('ip_version'),
    unsigned(TYPE.uint16, 6),
    encode('database_type'),
    encode(databaseType),
    encode('languages'),
    encode(['en']),
    encode('binary_format_major_version'),
    unsigned(TYPE.uint16, 2),
    encode('binary_format_minor_version'),
    unsigned(TYPE.uint16, 0),
    encode('build_epoch'),
    unsigned(TYPE.uint64, Math.floor(Date.now() / 1000)),
    encode('description'),
    encode({ en: 'A test database written by apps/api/test/support/mmdb.ts' }),
  ]);
  writeFileSync(
    file,
    Buffer.concat([tree, Buffer.alloc(DATA_SEPARATOR), ...dataParts, METADATA_MARKER, metadata]),
  );
}
