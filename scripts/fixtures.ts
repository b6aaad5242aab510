import type { UserCreate } from '@portal/contracts';

/**
 * A complete, valid add-user body for tests (every field the add-user form requires), unique by `key`.
 * Server, component and end-to-end tests build their accounts from it.
 */
export function employeeBody(key: string, overrides: Partial<UserCreate> = {}): UserCreate {
  return {
    name: `Employee ${key}`,
    username: `employee${key}`,
    email: `employee${key}@example.com`,
    password: 'employee-pass',
    gender: 'Female',
    role: 'user',
    department: 'HR',
    designation: 'HR Executive',
    mobile_number: '9876543210',
    pan_number: 'ABCDE1234F',
    aadhar_number: '123456789012',
    address: '12 MG Road, Bengaluru',
    permissions: { type: 'Read' },
    ...overrides,
  };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real, viewable PNG: `size`×`size` pixels of one colour, with a lighter diagonal band. */
export async function makePng(size = 32, rgb: [number, number, number] = [47, 91, 234]): Promise<Buffer> {
  const { deflateSync } = await import('node:zlib');
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0); // filter: none
    for (let x = 0; x < size; x++) {
      const band = Math.abs(x - y) < size / 6;
      rows.push(...(band ? rgb.map((v) => Math.min(255, v + 120)) : rgb));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
