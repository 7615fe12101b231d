// Screenshots compared pixel by pixel (npm `pngjs` and `pixelmatch`, devDependencies of the
// test host): a PNG made small and grey for storing, and the similarity of two PNGs.
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";

/**
 * A PNG (bytes) shrunk by `factor` (the mean of each `factor`×`factor` block) and made grey
 * (Rec. 709 luma), written as an 8-bit greyscale PNG: a fraction of the screenshot's size, still
 * enough to see where two renderings differ.
 */
export function shrinkGrey(bytes, factor = 2) {
  const src = PNG.sync.read(bytes);
  const width = Math.max(1, Math.floor(src.width / factor));
  const height = Math.max(1, Math.floor(src.height / factor));
  const out = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) {
        for (let dx = 0; dx < factor; dx++) {
          const i = ((y * factor + dy) * src.width + x * factor + dx) * 4;
          sum += 0.2126 * src.data[i] + 0.7152 * src.data[i + 1] + 0.0722 * src.data[i + 2];
        }
      }
      const o = (y * width + x) * 4;
      out.data[o] = out.data[o + 1] = out.data[o + 2] = Math.round(sum / (factor * factor));
      out.data[o + 3] = 255;
    }
  }
  return PNG.sync.write(out, { colorType: 0 });
}

/** `image` (a decoded PNG) on a `width`×`height` canvas, the rest filled with the colour of its
 * bottom-left pixel (the page's background below a shorter document). */
function padded(image, width, height) {
  const data = Buffer.alloc(width * height * 4);
  const corner = ((image.height - 1) * image.width) * 4;
  const fill = image.data.subarray(corner, corner + 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      if (x < image.width && y < image.height) image.data.copy(data, o, (y * image.width + x) * 4, (y * image.width + x) * 4 + 4);
      else fill.copy(data, o);
    }
  }
  return data;
}

/**
 * The similarity of two PNGs (bytes), 0..1: the share of pixels pixelmatch finds alike
 * (`threshold` 0.1, anti-aliasing ignored) once both are padded to the larger width and height.
 */
export function similarity(a, b) {
  const [x, y] = [PNG.sync.read(a), PNG.sync.read(b)];
  const width = Math.max(x.width, y.width);
  const height = Math.max(x.height, y.height);
  const differing = pixelmatch(padded(x, width, height), padded(y, width, height), null, width, height, { threshold: 0.1 });
  return 1 - differing / (width * height);
}
