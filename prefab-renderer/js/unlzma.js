// LZMA decoder (hand-written; `cargo xtask build-renderer` minifies it into prefab/assets and
// prefab::page inlines it before the loader of a self-contained page). The page carries the
// JavaScript engine as LZMA ("alone" format: 1 byte lc/lp/pb, 4 bytes dictionary size, 8 bytes
// decoded size, which the build always fills in; the data ends with the end marker, which
// liblzma always writes) because that packs it ~17% smaller than gzip, and browsers only
// decompress gzip and deflate natively. prefabUnlzma(bytes) returns the decoded Uint8Array;
// truncated or corrupt input throws (tested by unlzma.test.mjs, run by `cargo test -p xtask`).
var prefabUnlzma = function (src) {
  "use strict";
  var props = src[0], lc = props % 9, lp = (props / 9 | 0) % 5, pb = props / 45 | 0;
  if (props > 224) fail("corrupt");
  var size = (src[5] | src[6] << 8 | src[7] << 16 | src[8] << 24) >>> 0;
  var out = new Uint8Array(size);
  // Probability slots, each 1024 at first: one array, sections at these offsets.
  var MATCH = 0, REP = 192, REP_G0 = 204, REP_G1 = 216, REP_G2 = 228, REP0_LONG = 240,
    SLOT = 432, SPEC = 688, ALIGN = 802, LEN = 818, REP_LEN = 1332, LIT = 1846;
  var probs = new Uint16Array(LIT + (0x300 << (lc + lp))).fill(1024);
  // The range coder's range and code live in a Uint32Array: as plain variables shared by
  // these functions, values above 2^30 would be boxed on every write.
  var rc = new Uint32Array([0xffffffff, 0]), pos = 14;

  function fail(what) {
    throw new Error(what + " LZMA data");
  }
  // The next input byte; reading past the end means the input was cut short.
  function next() {
    if (pos >= src.length) fail("truncated");
    return src[pos++];
  }
  for (var k = 0; k < 4; k++) rc[1] = rc[1] * 256 + next();
  function bit(i) {
    var p = probs[i], range = rc[0], code = rc[1], bound = (range >>> 11) * p, b;
    if (code < bound) {
      range = bound;
      probs[i] = p + ((2048 - p) >> 5);
      b = 0;
    } else {
      range -= bound;
      code -= bound;
      probs[i] = p - (p >> 5);
      b = 1;
    }
    if (range < 16777216) {
      range *= 256;
      code = code * 256 + next();
    }
    rc[0] = range;
    rc[1] = code;
    return b;
  }
  function tree(base, bits) {
    var m = 1;
    for (var n = 0; n < bits; n++) m = m << 1 | bit(base + m);
    return m - (1 << bits);
  }
  function reverse(base, bits) {
    var m = 1, r = 0;
    for (var n = 0; n < bits; n++) {
      var b = bit(base + m);
      m = m << 1 | b;
      r |= b << n;
    }
    return r;
  }
  function direct(bits) {
    var r = 0, range = rc[0], code = rc[1];
    while (bits--) {
      range = range >>> 1;
      var b = code >= range ? 1 : 0;
      if (b) code -= range;
      r = r << 1 | b;
      if (range < 16777216) {
        range *= 256;
        code = code * 256 + next();
      }
    }
    rc[0] = range;
    rc[1] = code;
    return r;
  }
  // Lengths: choice, choice 2, then low (16 × 8), mid (16 × 8), high (256) trees.
  function length(base, posState) {
    if (!bit(base)) return tree(base + 2 + (posState << 3), 3);
    if (!bit(base + 1)) return 8 + tree(base + 130 + (posState << 3), 3);
    return 16 + tree(base + 258, 8);
  }

  var state = 0, rep0 = 0, rep1 = 0, rep2 = 0, rep3 = 0, at = 0;
  var pbMask = (1 << pb) - 1, lpMask = (1 << lp) - 1;
  // One symbol past the data: it must be the end marker (a literal or repeat there runs
  // `at` past `size`, which the final check refuses).
  while (at <= size) {
    var posState = at & pbMask;
    if (!bit(MATCH + (state << 4) + posState)) {
      var prev = at ? out[at - 1] : 0;
      var base = LIT + 0x300 * (((at & lpMask) << lc) + (prev >> (8 - lc)));
      var sym = 1;
      if (state >= 7) {
        var match = out[at - rep0 - 1];
        while (sym < 0x100) {
          var mb = match >> 7 & 1;
          match <<= 1;
          var b = bit(base + ((1 + mb) << 8) + sym);
          sym = sym << 1 | b;
          if (mb !== b) break;
        }
      }
      while (sym < 0x100) sym = sym << 1 | bit(base + sym);
      out[at++] = sym;
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    var len;
    if (!bit(REP + state)) {
      rep3 = rep2;
      rep2 = rep1;
      rep1 = rep0;
      len = length(LEN, posState);
      state = state < 7 ? 7 : 10;
      var slot = tree(SLOT + ((len < 3 ? len : 3) << 6), 6);
      if (slot < 4) {
        rep0 = slot;
      } else {
        var bits = (slot >> 1) - 1;
        var dist = (2 | slot & 1) * Math.pow(2, bits);
        if (slot < 14) dist += reverse(SPEC + dist - slot - 1, bits);
        else dist += direct(bits - 4) * 16 + reverse(ALIGN, 4);
        if (dist === 0xffffffff) break; // end marker
        rep0 = dist;
      }
    } else {
      if (!bit(REP_G0 + state)) {
        if (!bit(REP0_LONG + (state << 4) + posState)) {
          state = state < 7 ? 9 : 11;
          out[at] = out[at - rep0 - 1];
          at++;
          continue;
        }
      } else {
        var d;
        if (!bit(REP_G1 + state)) {
          d = rep1;
        } else {
          if (!bit(REP_G2 + state)) {
            d = rep2;
          } else {
            d = rep3;
            rep3 = rep2;
          }
          rep2 = rep1;
        }
        rep1 = rep0;
        rep0 = d;
      }
      len = length(REP_LEN, posState);
      state = state < 7 ? 8 : 11;
    }
    if (rep0 >= at) fail("corrupt");
    // Past `size` the typed array ignores the writes, and the final check fails.
    for (var end = at + len + 2; at < end; at++) out[at] = out[at - rep0 - 1];
  }
  // The marker must come right after `size` bytes, and ends a whole stream with code 0.
  if (at !== size || rc[1]) fail("corrupt");
  return out;
};
