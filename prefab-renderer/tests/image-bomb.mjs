// A `data:` PNG bomb for the decoded-size limit of drawn images (issue 38, row 4), shared by
// display.mjs (the check) and image-memory.mjs (the measurement).
import { crc32, deflateSync } from "node:zlib";

/**
 * A 20000 × 20000 one-bit PNG (about 50 KB): 1.6 GB once decoded to a canvas, so the view
 * must not decode it (issue 38, row 4).
 */
export function hugePng() {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20000, 0);
  ihdr.writeUInt32BE(20000, 4);
  ihdr[8] = 1; // bit depth 1, colour type 0 (grey), no interlace
  const rows = deflateSync(Buffer.alloc(20000 * 2501), { level: 9 });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", ihdr), chunk("IDAT", rows), chunk("IEND", Buffer.alloc(0))]).toString("base64");
}
