// Demo images drawn locally (D12: nothing downloaded): Indian landscapes as SVG scenes (sky gradients,
// sun, layered ridges, sea, dunes, forts, ghats, boats), rasterised by sharp and then stored through the
// same upload pipeline as any user's image.
import sharp from 'sharp';

type SceneKind =
  | 'backwaters'
  | 'snowpeaks'
  | 'highdesert'
  | 'fort'
  | 'beach'
  | 'island'
  | 'ghats'
  | 'river'
  | 'lake'
  | 'tea'
  | 'waterfall'
  | 'monastery';

type TimeOfDay = 'dawn' | 'day' | 'dusk' | 'night';

export interface SceneSpec {
  kind: SceneKind;
  time: TimeOfDay;
  /** Varies the random shapes; the same seed draws the same picture. */
  seed: number;
}

interface Sky {
  top: string;
  bottom: string;
  sun: string;
  /** Sun height as a share of the horizon height (small = high in the sky). */
  sunY: number;
  haze: string;
}

const SKIES: Record<TimeOfDay, Sky> = {
  dawn: { top: '#35477d', bottom: '#f6b48f', sun: '#ffe6b8', sunY: 0.82, haze: '#f3c1a5' },
  day: { top: '#2f7fc9', bottom: '#cdebff', sun: '#fff8dc', sunY: 0.25, haze: '#d8ecf7' },
  dusk: { top: '#2a1e5c', bottom: '#ff8f5a', sun: '#ffd27a', sunY: 0.7, haze: '#f79f79' },
  night: { top: '#0b1234', bottom: '#33477e', sun: '#f4f1dc', sunY: 0.2, haze: '#3f4f80' },
};

// ---- small helpers -----------------------------------------------------------------------------------

/** mulberry32: a tiny deterministic PRNG. */
function rngOf(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rng = () => number;

const hexToRgb = (hex: string) =>
  [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
/** `a` moved toward `b` by `t` (0..1): far layers fade into the haze. */
function mix(a: string, b: string, t: number): string {
  const [x, y] = [hexToRgb(a), hexToRgb(b)];
  return `#${x
    .map((v, i) =>
      Math.round(v + (y[i]! - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
const f = (n: number) => n.toFixed(1);

/** A jagged ridge by midpoint displacement, closed to the bottom of the picture. */
function ridge(rng: Rng, w: number, h: number, baseY: number, amplitude: number, roughness = 0.55): string {
  let pts = [baseY - rng() * amplitude, baseY - rng() * amplitude];
  let spread = amplitude;
  while (pts.length < 65) {
    const next: number[] = [];
    for (let i = 0; i < pts.length - 1; i++) {
      next.push(pts[i]!, (pts[i]! + pts[i + 1]!) / 2 + (rng() - 0.5) * spread);
    }
    next.push(pts[pts.length - 1]!);
    pts = next;
    spread *= roughness;
  }
  const step = w / (pts.length - 1);
  return `M0 ${h} ${pts.map((y, i) => `L${f(i * step)} ${f(y)}`).join(' ')} L${w} ${h} Z`;
}

/** Soft rolling hills from a few smooth curves. */
function hills(rng: Rng, w: number, h: number, baseY: number, amplitude: number, bumps: number): string {
  const step = w / bumps;
  let d = `M0 ${h} L0 ${f(baseY - rng() * amplitude)}`;
  for (let i = 0; i < bumps; i++) {
    const x = (i + 1) * step;
    d += ` Q${f(x - step / 2)} ${f(baseY - amplitude * (0.6 + rng() * 0.8))} ${f(x)} ${f(baseY - rng() * amplitude * 0.4)}`;
  }
  return `${d} L${w} ${h} Z`;
}

function clouds(rng: Rng, w: number, horizon: number, color: string, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const cx = rng() * w;
    const cy = horizon * (0.12 + rng() * 0.45);
    const s = 40 + rng() * 70;
    out += `<g fill="${color}" opacity="${f(0.35 + rng() * 0.4)}">`;
    for (let j = 0; j < 5; j++) {
      out += `<ellipse cx="${f(cx + (j - 2) * s * 0.6)}" cy="${f(cy - (j % 2) * s * 0.25)}" rx="${f(s * (0.6 + rng() * 0.5))}" ry="${f(s * 0.32)}"/>`;
    }
    out += '</g>';
  }
  return out;
}

function birds(rng: Rng, w: number, horizon: number, color: string): string {
  let out = `<g fill="none" stroke="${color}" stroke-width="3" stroke-linecap="round">`;
  const n = 3 + Math.floor(rng() * 5);
  for (let i = 0; i < n; i++) {
    const x = w * (0.2 + rng() * 0.5);
    const y = horizon * (0.2 + rng() * 0.35);
    const s = 8 + rng() * 10;
    out += `<path d="M${f(x)} ${f(y)} q${f(s / 2)} ${f(-s / 2)} ${f(s)} 0 q${f(s / 2)} ${f(-s / 2)} ${f(s)} 0"/>`;
  }
  return `${out}</g>`;
}

function stars(rng: Rng, w: number, horizon: number): string {
  let out = '<g fill="#ffffff">';
  for (let i = 0; i < 140; i++) {
    out += `<circle cx="${f(rng() * w)}" cy="${f(rng() * horizon * 0.9)}" r="${f(0.6 + rng() * 1.6)}" opacity="${f(0.4 + rng() * 0.6)}"/>`;
  }
  return `${out}</g>`;
}

function palm(x: number, baseY: number, height: number, lean: number, color: string): string {
  const topX = x + lean;
  const topY = baseY - height;
  const trunk = height * 0.045;
  let out = `<path d="M${f(x)} ${f(baseY)} Q${f(x + lean * 0.15)} ${f(baseY - height * 0.6)} ${f(topX)} ${f(topY)}" stroke="${color}" stroke-width="${f(trunk)}" fill="none" stroke-linecap="round"/>`;
  // Drooping fronds: filled leaves fanned around the crown.
  const len = height * 0.38;
  for (let i = 0; i < 8; i++) {
    const a = Math.PI * (-0.08 + (i / 7) * 1.16);
    const ex = topX + Math.cos(a) * len;
    const ey = topY - Math.sin(a) * len * 0.25 + len * 0.45;
    const mx = (topX + ex) / 2;
    const my = topY - len * 0.28;
    out += `<path d="M${f(topX)} ${f(topY)} Q${f(mx)} ${f(my - len * 0.12)} ${f(ex)} ${f(ey)} Q${f(mx)} ${f(my + len * 0.1)} ${f(topX)} ${f(topY)} Z" fill="${color}"/>`;
  }
  return out;
}

function water(
  w: number,
  h: number,
  horizon: number,
  top: string,
  bottom: string,
  rng: Rng,
  sunX: number,
  sun: string,
) {
  let out = `<rect x="0" y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="url(#water)"/>`;
  out += `<g stroke="#ffffff" stroke-linecap="round" opacity="0.25">`;
  for (let i = 0; i < 60; i++) {
    const y = horizon + (h - horizon) * Math.pow(rng(), 1.6);
    const len = 20 + ((y - horizon) / (h - horizon)) * 140 * rng();
    const x = rng() * w;
    out += `<line x1="${f(x)}" y1="${f(y)}" x2="${f(x + len)}" y2="${f(y)}" stroke-width="${f(1 + ((y - horizon) / (h - horizon)) * 3)}"/>`;
  }
  out += '</g>';
  // The sun's path on the water.
  out += `<g fill="${sun}" opacity="0.55">`;
  for (let i = 0; i < 14; i++) {
    const y = horizon + 8 + i * ((h - horizon) / 15);
    const half = 10 + i * 5 + rng() * 20;
    out += `<rect x="${f(sunX - half)}" y="${f(y)}" width="${f(half * 2)}" height="${f(3 + i * 0.6)}" rx="2"/>`;
  }
  out += '</g>';
  return {
    out,
    defs: `<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
  };
}

// ---- the scenes --------------------------------------------------------------------------------------

interface Canvas {
  w: number;
  h: number;
  rng: Rng;
  sky: Sky;
  horizon: number;
  sunX: number;
}

function boat(x: number, y: number, len: number, color: string, roof?: string): string {
  let out = `<path d="M${f(x)} ${f(y)} Q${f(x + len / 2)} ${f(y + len * 0.16)} ${f(x + len)} ${f(y)} L${f(x + len * 0.9)} ${f(y + len * 0.06)} Q${f(x + len / 2)} ${f(y + len * 0.2)} ${f(x + len * 0.1)} ${f(y + len * 0.06)} Z" fill="${color}"/>`;
  if (roof) {
    out += `<path d="M${f(x + len * 0.22)} ${f(y + 2)} Q${f(x + len / 2)} ${f(y - len * 0.32)} ${f(x + len * 0.78)} ${f(y + 2)} Z" fill="${roof}"/>`;
  }
  return out;
}

function prayerFlags(x1: number, y1: number, x2: number, y2: number): string {
  const colors = ['#1f6fd1', '#f5f5f5', '#d62d2d', '#2f9e44', '#f2c12e'];
  let out = `<path d="M${f(x1)} ${f(y1)} Q${f((x1 + x2) / 2)} ${f(Math.max(y1, y2) + 40)} ${f(x2)} ${f(y2)}" stroke="#4a3b2a" stroke-width="2" fill="none"/>`;
  for (let i = 1; i < 20; i++) {
    const t = i / 20;
    const x = (1 - t) * (1 - t) * x1 + 2 * (1 - t) * t * ((x1 + x2) / 2) + t * t * x2;
    const y = (1 - t) * (1 - t) * y1 + 2 * (1 - t) * t * (Math.max(y1, y2) + 40) + t * t * y2;
    out += `<rect x="${f(x - 7)}" y="${f(y)}" width="14" height="18" fill="${colors[i % colors.length]}"/>`;
  }
  return out;
}

function fortSilhouette(x: number, baseY: number, width: number, color: string): string {
  const wallH = width * 0.16;
  let out = `<rect x="${f(x)}" y="${f(baseY - wallH)}" width="${f(width)}" height="${f(wallH + 4)}" fill="${color}"/>`;
  const merlon = width / 40;
  for (let i = 0; i < 40; i += 2) {
    out += `<rect x="${f(x + i * merlon)}" y="${f(baseY - wallH - merlon)}" width="${f(merlon)}" height="${f(merlon + 1)}" fill="${color}"/>`;
  }
  for (const t of [0, 0.3, 0.62, 0.92]) {
    const tw = width * 0.09;
    const tx = x + t * width - tw / 2 + width * 0.04;
    const th = wallH * (1.6 + (t === 0.3 ? 0.9 : 0));
    out += `<rect x="${f(tx)}" y="${f(baseY - th)}" width="${f(tw)}" height="${f(th)}" fill="${color}"/>`;
    // A chhatri: a small domed pavilion on the tower.
    out += `<path d="M${f(tx - 4)} ${f(baseY - th)} A${f(tw / 2 + 4)} ${f(tw / 2)} 0 0 1 ${f(tx + tw + 4)} ${f(baseY - th)} Z" fill="${color}"/>`;
  }
  return out;
}

function temple(x: number, baseY: number, size: number, color: string): string {
  return (
    `<rect x="${f(x)}" y="${f(baseY - size * 0.5)}" width="${f(size)}" height="${f(size * 0.5)}" fill="${color}"/>` +
    `<path d="M${f(x + size * 0.1)} ${f(baseY - size * 0.5)} Q${f(x + size * 0.5)} ${f(baseY - size * 1.7)} ${f(x + size * 0.9)} ${f(baseY - size * 0.5)} Z" fill="${color}"/>` +
    `<rect x="${f(x + size * 0.48)}" y="${f(baseY - size * 1.85)}" width="3" height="${f(size * 0.3)}" fill="${color}"/>` +
    `<path d="M${f(x + size * 0.5)} ${f(baseY - size * 1.85)} l18 6 l-18 6 Z" fill="#e8731c"/>`
  );
}

function drawScene(kind: SceneKind, c: Canvas): { body: string; defs: string } {
  const { w, h, rng, sky, horizon } = c;
  const haze = sky.haze;
  const far = (hex: string, t: number) => mix(hex, haze, t);
  let body = '';
  let defs = '';
  const addWater = (top: string, bottom: string) => {
    const wtr = water(w, h, horizon, top, bottom, rng, c.sunX, sky.sun);
    body += wtr.out;
    defs += wtr.defs;
  };

  switch (kind) {
    case 'snowpeaks':
    case 'highdesert':
    case 'monastery': {
      const rock = kind === 'highdesert' ? '#a0785a' : '#5c6b86';
      body += `<path d="${ridge(rng, w, h, horizon * 0.72, h * 0.3, 0.6)}" fill="${far('#e9eef6', 0.25)}"/>`;
      body += `<path d="${ridge(rng, w, h, horizon * 0.95, h * 0.26)}" fill="${far(rock, 0.45)}"/>`;
      body += `<path d="${ridge(rng, w, h, horizon * 1.12, h * 0.2)}" fill="${far(rock, 0.15)}"/>`;
      body += `<path d="${hills(rng, w, h, h * 0.86, h * 0.08, 4)}" fill="${mix(kind === 'snowpeaks' ? '#3e5a3a' : '#7a5a3e', '#000000', 0.2)}"/>`;
      if (kind === 'monastery') {
        const mx = w * (0.55 + rng() * 0.2);
        const my = h * 0.8;
        body += `<rect x="${f(mx)}" y="${f(my - 90)}" width="180" height="90" fill="#f4efe6"/>`;
        body += `<rect x="${f(mx)}" y="${f(my - 100)}" width="180" height="16" fill="#9c2a20"/>`;
        body += `<rect x="${f(mx + 40)}" y="${f(my - 150)}" width="100" height="60" fill="#f4efe6"/>`;
        body += `<rect x="${f(mx + 40)}" y="${f(my - 158)}" width="100" height="12" fill="#9c2a20"/>`;
        body += `<circle cx="${f(mx + 90)}" cy="${f(my - 166)}" r="9" fill="#d9a520"/>`;
        for (let i = 0; i < 4; i++)
          body += `<rect x="${f(mx + 20 + i * 42)}" y="${f(my - 60)}" width="14" height="22" fill="#3b2a20"/>`;
      }
      body += prayerFlags(w * 0.05, h * 0.72, w * 0.42, h * 0.8);
      break;
    }
    case 'fort': {
      const sand = '#d9a066';
      body += `<path d="${hills(rng, w, h, horizon * 1.02, h * 0.06, 3)}" fill="${far('#c98a55', 0.45)}"/>`;
      body += fortSilhouette(w * (0.3 + rng() * 0.15), horizon * 1.02, w * 0.45, far('#6b3b26', 0.25));
      body += `<path d="${hills(rng, w, h, h * 0.8, h * 0.1, 3)}" fill="${sand}"/>`;
      body += `<path d="${hills(rng, w, h, h * 0.93, h * 0.08, 2)}" fill="${mix(sand, '#8a5a2b', 0.35)}"/>`;
      // A camel caravan on the dune.
      for (let i = 0; i < 3; i++) {
        const x = w * 0.12 + i * 70;
        const y = h * 0.78;
        body += `<path d="M${x} ${y} q10 -30 25 -10 q8 -22 22 0 l14 -22 l6 4 l-12 28 l0 26 l-5 0 l0 -22 l-30 0 l0 22 l-5 0 Z" fill="#3b2416"/>`;
      }
      break;
    }
    case 'beach':
    case 'island':
    case 'backwaters': {
      const isBack = kind === 'backwaters';
      if (kind === 'island') {
        body += `<path d="M${f(w * 0.55)} ${f(horizon)} Q${f(w * 0.68)} ${f(horizon - h * 0.12)} ${f(w * 0.82)} ${f(horizon)} Z" fill="${far('#2f6b3a', 0.45)}"/>`;
      }
      addWater(isBack ? far('#2e7d6b', 0.3) : far('#1f8fb5', 0.25), isBack ? '#164d42' : '#0d4f73');
      if (isBack) {
        body += `<path d="M0 ${f(horizon + 4)} ${Array.from({ length: 40 }, (_, i) => `L${f((i / 39) * w)} ${f(horizon - 30 - rng() * 40)}`).join(' ')} L${w} ${f(horizon + 4)} Z" fill="#1f4d2b"/>`;
        for (let i = 0; i < 9; i++)
          body += palm(
            w * (0.04 + i * 0.11 + rng() * 0.03),
            horizon + 2,
            120 + rng() * 80,
            (rng() - 0.5) * 60,
            '#173b22',
          );
        body += boat(w * 0.35, h * 0.78, 360, '#3b2414', '#a0773f');
        body += boat(w * 0.72, h * 0.66, 120, '#2a1a0e');
      } else {
        body += `<path d="M0 ${f(h * 0.82)} Q${f(w * 0.4)} ${f(h * 0.74)} ${f(w)} ${f(h * 0.86)} L${w} ${h} L0 ${h} Z" fill="#f0d9a8"/>`;
        body += `<path d="M0 ${f(h * 0.82)} Q${f(w * 0.4)} ${f(h * 0.74)} ${f(w)} ${f(h * 0.86)}" stroke="#ffffff" stroke-width="6" opacity="0.7" fill="none"/>`;
        body += palm(w * 0.1, h * 0.9, 380, 90, '#1d3a24');
        body += palm(w * 0.2, h * 0.92, 300, 140, '#1d3a24');
        body += palm(w * 0.88, h * 0.93, 340, -110, '#1d3a24');
        body += boat(w * 0.55, horizon + (h - horizon) * 0.25, 110, '#8c2f1c');
      }
      break;
    }
    case 'ghats':
    case 'river': {
      if (kind === 'river') {
        body += `<path d="${hills(rng, w, h, horizon * 0.95, h * 0.2, 3)}" fill="${far('#3f6e45', 0.45)}"/>`;
        body += `<path d="${hills(rng, w, h, horizon * 1.05, h * 0.18, 2)}" fill="${far('#2f5a36', 0.2)}"/>`;
      } else {
        body += `<rect x="0" y="${f(horizon - 40)}" width="${w}" height="40" fill="${far('#8a6a4a', 0.5)}"/>`;
      }
      addWater(far('#6d8f8c', 0.2), '#2f4d50');
      if (kind === 'ghats') {
        // The far bank seen from a boat: temples and houses above broad steps, lamps on the river.
        const bank = horizon - 70;
        for (let x = 0; x < w;) {
          const bw = 50 + rng() * 90;
          const bh = 60 + rng() * 120;
          const tone = ['#c98b5a', '#e2b07a', '#b5673d', '#d9c2a0', '#9e5b3a'][Math.floor(rng() * 5)]!;
          if (rng() < 0.3) body += temple(x, bank, bw, far('#8a4726', 0.15));
          else
            body += `<rect x="${f(x)}" y="${f(bank - bh)}" width="${f(bw)}" height="${f(bh + 2)}" fill="${far(tone, 0.2)}"/>`;
          x += bw + rng() * 12;
        }
        for (let i = 0; i < 7; i++) {
          body += `<rect x="0" y="${f(bank + i * 10)}" width="${w}" height="10" fill="${mix('#d8b68c', '#7a5638', i / 7)}"/>`;
        }
        for (let i = 0; i < 40; i++) {
          body += `<circle cx="${f(rng() * w)}" cy="${f(horizon + 30 + rng() * (h - horizon - 60))}" r="${f(2 + rng() * 3)}" fill="#ffb347"/>`;
        }
        body += boat(w * 0.62, h * 0.72, 200, '#4a2a16');
      } else {
        // A suspension bridge across the river gorge.
        const y = horizon - 60;
        body += `<rect x="${f(w * 0.15)}" y="${f(y - 160)}" width="22" height="200" fill="#c7c2b8"/><rect x="${f(w * 0.85 - 22)}" y="${f(y - 160)}" width="22" height="200" fill="#c7c2b8"/>`;
        body += `<path d="M${f(w * 0.15 + 11)} ${f(y - 160)} Q${f(w / 2)} ${f(y + 20)} ${f(w * 0.85 - 11)} ${f(y - 160)}" stroke="#ded9cf" stroke-width="5" fill="none"/>`;
        body += `<rect x="${f(w * 0.15)}" y="${f(y)}" width="${f(w * 0.7)}" height="10" fill="#b44a2b"/>`;
        body += boat(w * 0.3, h * 0.8, 160, '#d3542b');
      }
      break;
    }
    case 'lake': {
      body += `<path d="${ridge(rng, w, h, horizon * 0.98, h * 0.34, 0.6)}" fill="${far('#eef2f8', 0.2)}"/>`;
      body += `<path d="${ridge(rng, w, h, horizon * 1.01, h * 0.16)}" fill="${far('#3c5e4a', 0.35)}"/>`;
      addWater(far('#7fa8c9', 0.25), '#2c4b66');
      for (let i = 0; i < 12; i++) {
        const x = w * (0.05 + i * 0.08);
        body += `<path d="M${f(x)} ${f(horizon + 2)} L${f(x + 14)} ${f(horizon - 90 - rng() * 60)} L${f(x + 28)} ${f(horizon + 2)} Z" fill="#24402d"/>`;
      }
      body += boat(w * 0.4, h * 0.74, 260, '#5a3219', '#b8452a');
      break;
    }
    case 'tea':
    case 'waterfall': {
      body += `<path d="${hills(rng, w, h, horizon * 0.9, h * 0.16, 3)}" fill="${far('#3f7a4a', 0.5)}"/>`;
      if (kind === 'waterfall') {
        body += `<path d="M${f(w * 0.5)} ${f(horizon * 0.75)} L${f(w * 0.56)} ${f(horizon * 0.75)} L${f(w * 0.6)} ${h} L${f(w * 0.46)} ${h} Z" fill="url(#fall)"/>`;
        defs +=
          '<linearGradient id="fall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.95"/><stop offset="1" stop-color="#d9f0ff" stop-opacity="0.6"/></linearGradient>';
        body += `<path d="${hills(rng, w, h, h * 0.8, h * 0.2, 2)}" fill="#23512e" opacity="0.92"/>`;
        body += `<ellipse cx="${f(w * 0.53)}" cy="${f(h * 0.9)}" rx="${f(w * 0.2)}" ry="50" fill="#ffffff" opacity="0.45"/>`;
      } else {
        const green = '#4f8f3a';
        body += `<path d="${hills(rng, w, h, h * 0.7, h * 0.14, 2)}" fill="${green}"/>`;
        body += `<g stroke="${mix(green, '#1f3d17', 0.5)}" stroke-width="7" fill="none" stroke-linecap="round" opacity="0.8">`;
        for (let i = 0; i < 14; i++) {
          const y = h * 0.66 + i * 26;
          body += `<path d="M-20 ${f(y)} Q${f(w * 0.5)} ${f(y - 40 + rng() * 30)} ${w + 20} ${f(y + 10)}"/>`;
        }
        body += '</g>';
        for (let i = 0; i < 6; i++) {
          const x = rng() * w;
          const y = h * 0.62 + rng() * h * 0.1;
          body += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(24 + rng() * 20)}" fill="#2d5e25"/><rect x="${f(x - 3)}" y="${f(y)}" width="6" height="40" fill="#4a3020"/>`;
        }
      }
      break;
    }
  }
  return { body, defs };
}

/** The SVG text of a scene. */
function sceneSvg(spec: SceneSpec, w = 1600, h = 1000): string {
  const rng = rngOf(spec.seed * 7919 + spec.kind.length);
  const sky = SKIES[spec.time];
  const horizon = h * (0.52 + rng() * 0.1);
  const sunX = w * (0.25 + rng() * 0.5);
  const sunY = horizon * sky.sunY;
  const c: Canvas = { w, h, rng, sky, horizon, sunX };
  const scene = drawScene(spec.kind, c);
  const glow = spec.time === 'night' ? 60 : 160;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${sky.sun}" stop-opacity="0.85"/><stop offset="1" stop-color="${sky.sun}" stop-opacity="0"/></radialGradient>
${scene.defs}
</defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>
${spec.time === 'night' ? stars(rng, w, horizon) : ''}
<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${glow + 120}" fill="url(#glow)"/>
<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${spec.time === 'night' ? 38 : 62}" fill="${sky.sun}"/>
${clouds(rng, w, horizon, spec.time === 'night' ? '#8090b8' : '#ffffff', 4 + Math.floor(rng() * 4))}
${spec.time === 'night' ? '' : birds(rng, w, horizon, mix(sky.top, '#000000', 0.5))}
${scene.body}
</svg>`;
}

/** Rasterises a scene to PNG (fast, lossless), ready for the upload pipeline. */
export async function renderScene(spec: SceneSpec, w = 1600, h = 1000): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(spec, w, h)))
    .png({ compressionLevel: 0 })
    .toBuffer();
}
