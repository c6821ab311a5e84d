// `node scripts/generate-pwa-icons.mjs`: the installed app's icons (apps/web/public/icons/), drawn from
// apps/web/public/favicon.svg with sharp (a dependency of apps/api). Run it again after changing the logo;
// the PNGs are committed, so builds never need sharp. Decision 0017 explains the sizes.
//  - icon-192.png, icon-512.png ("any"): the logo on a transparent background, with a little margin.
//  - maskable-192.png, maskable-512.png ("maskable"): full-bleed light background, the logo inside the
//    central 80% circle every launcher mask keeps (https://w3c.github.io/manifest/#icon-masks).
//  - apple-touch-icon.png (180 px): iOS paints transparency black, so it has the light background too.
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sharp = createRequire(path.join(root, "apps/api/package.json"))("sharp");
const publicDir = path.join(root, "apps/web/public");
const svg = path.join(publicDir, "favicon.svg");
/** --color-brand-50 in apps/web/src/styles.css: the app's lightest brand tint. */
const BACKGROUND = "#f5f3ff";

async function icon(file, size, { logoScale, background }) {
  const logo = Math.round(size * logoScale);
  const mark = await sharp(svg, { density: Math.ceil((72 * logo) / 64) * 2 })
    .resize(logo, logo)
    .png()
    .toBuffer();
  await sharp({
    create: {
      width: size,
      height: size,
      channels: 4,
      background: background ?? { r: 0, g: 0, b: 0, alpha: 0 },
    },
  })
    .composite([{ input: mark, gravity: "center" }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, "icons", file));
  console.log(`apps/web/public/icons/${file}`);
}

for (const size of [192, 512]) {
  await icon(`icon-${size}.png`, size, { logoScale: 0.9 });
  await icon(`maskable-${size}.png`, size, { logoScale: 0.6, background: BACKGROUND });
}
await icon("apple-touch-icon.png", 180, { logoScale: 0.8, background: BACKGROUND });
