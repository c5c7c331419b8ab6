import { contrastOf, luminance, mix, seededRandom, shade } from './colour';

/** Product originals are 3:4 like the product cards (spec §9), 1200 px tall. */
export const PRODUCT_WIDTH = 900;
export const PRODUCT_HEIGHT = 1200;

export type ProductKind = 'goggles' | 'helmet' | 'binding' | 'glove' | 'mitt' | 'backpack' | 'beanie' | 'lens';

export interface ProductArt {
  kind: ProductKind;
  /** Sub-style from the category or title: spherical, cylindrical, otg, mips, kids, pom, fisherman… */
  style: string;
  /** Main colour (frame, shell, fabric) and detail colour (lens, straps). */
  primary: string;
  accent: string;
  /** 1 front/main view, 2 three-quarter, 3 side or back, 4+ detail. */
  angle: number;
  /** Makes products of one kind differ in small ways (vents, panels, straps). */
  seed: string;
}

/** Picks the drawing for a catalogue product from its category path and title. */
export function productKindOf(category: string, title: string): { kind: ProductKind; style: string } {
  const path = category.toLowerCase();
  const name = title.toLowerCase();
  const style = path.split('/')[1] ?? '';
  if (path.startsWith('goggles')) return { kind: 'goggles', style };
  if (path.startsWith('helmets')) return { kind: 'helmet', style };
  if (path.startsWith('bindings')) return { kind: 'binding', style };
  if (/lens/.test(path) || /lens/.test(name)) return { kind: 'lens', style };
  if (/mitt/.test(name)) return { kind: 'mitt', style };
  if (/glove/.test(path) || /glove/.test(name)) return { kind: 'glove', style };
  if (/pack/.test(path) || /pack|bag/.test(name)) return { kind: 'backpack', style };
  if (/beanie|hat/.test(path) || /beanie|hat/.test(name)) {
    return {
      kind: 'beanie',
      style: /pom/.test(name) ? 'pom' : /fisherman/.test(name) ? 'fisherman' : /fleece/.test(name) ? 'fleece' : 'rib',
    };
  }
  return { kind: 'backpack', style };
}

let gradientCounter = 0;
const uid = (name: string) => `${name}${(gradientCounter += 1)}`;

function verticalGradient(id: string, top: string, bottom: string, middle?: string): string {
  const stops = middle
    ? `<stop offset="0" stop-color="${top}"/><stop offset="0.5" stop-color="${middle}"/><stop offset="1" stop-color="${bottom}"/>`
    : `<stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/>`;
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops}</linearGradient>`;
}

/** A surface colour: a gentle top-light gradient so flat shapes read as solid objects. */
function surface(base: string, strength = 0.22) {
  const id = uid('s');
  return { id, def: verticalGradient(id, shade(base, strength), shade(base, -strength), base), fill: `url(#${id})` };
}

function mirrorLens(accent: string) {
  const id = uid('lens');
  const def = `<linearGradient id="${id}" x1="0" y1="0" x2="0.35" y2="1">
    <stop offset="0" stop-color="${shade(accent, 0.55)}"/><stop offset="0.35" stop-color="${shade(accent, 0.1)}"/>
    <stop offset="0.7" stop-color="${shade(accent, -0.35)}"/><stop offset="1" stop-color="${shade(accent, -0.6)}"/></linearGradient>`;
  return { def, fill: `url(#${id})` };
}

/** Goggle frame or lens outline: wide, with a nose cut-out; `box` 0 is round (spherical), 1 is flat (cylindrical). */
function gogglePath(cx: number, cy: number, w: number, h: number, box: number, notch: number): string {
  const L = cx - w / 2;
  const R = cx + w / 2;
  const T = cy - h / 2 - (1 - box) * h * 0.05;
  const B = cy + h / 2;
  const c = 0.55 + box * 0.4;
  const nw = notch * 0.55;
  return `M ${L} ${cy}
    C ${L} ${cy - (h / 2) * c} ${cx - w * 0.34} ${T} ${cx} ${T}
    C ${cx + w * 0.34} ${T} ${R} ${cy - (h / 2) * c} ${R} ${cy}
    C ${R} ${cy + h * 0.36} ${cx + w * 0.34} ${B} ${cx + nw * 2} ${B}
    C ${cx + nw * 1.2} ${B} ${cx + nw} ${B - notch} ${cx} ${B - notch}
    C ${cx - nw} ${B - notch} ${cx - nw * 1.2} ${B} ${cx - nw * 2} ${B}
    C ${cx - w * 0.34} ${B} ${L} ${cy + h * 0.36} ${L} ${cy} Z`;
}

function goggleShape(style: string) {
  if (style === 'otg') return { w: 680, h: 380, box: 0.45 };
  if (style === 'cylindrical') return { w: 660, h: 290, box: 0.95 };
  return { w: 650, h: 340, box: 0.15 };
}

function goggleFront(art: ProductArt, withStrap = true): { defs: string; body: string } {
  const { w, h, box } = goggleShape(art.style);
  const cx = 450;
  const cy = 600;
  const frame = surface(art.primary, 0.18);
  const lens = mirrorLens(art.accent);
  const strapBase = luminance(art.primary) > 0.7 ? shade(art.primary, -0.15) : art.primary;
  const rand = seededRandom(art.seed);
  const stripe = rand() > 0.5 ? art.accent : contrastOf(strapBase);
  const clip = uid('clip');
  const strap = withStrap
    ? `<rect x="40" y="${cy - 58}" width="820" height="116" rx="26" fill="${shade(strapBase, -0.1)}"/>
       <rect x="40" y="${cy - 16}" width="820" height="12" fill="${stripe}" opacity="0.85"/>
       <rect x="40" y="${cy + 10}" width="820" height="6" fill="${stripe}" opacity="0.6"/>`
    : '';
  const body = `${strap}
    <rect x="${cx - w / 2 - 34}" y="${cy - 62}" width="70" height="124" rx="18" fill="${shade(art.primary, -0.25)}"/>
    <rect x="${cx + w / 2 - 36}" y="${cy - 62}" width="70" height="124" rx="18" fill="${shade(art.primary, -0.25)}"/>
    <path d="${gogglePath(cx, cy, w, h, box, 70)}" fill="${frame.fill}" stroke="${shade(art.primary, -0.35)}" stroke-width="4"/>
    <path d="${gogglePath(cx, cy, w - 52, h - 52, box, 58)}" fill="${shade(art.primary, -0.6)}"/>
    <clipPath id="${clip}"><path d="${gogglePath(cx, cy, w - 64, h - 64, box, 52)}"/></clipPath>
    <g clip-path="url(#${clip})">
      <rect x="0" y="0" width="900" height="1200" fill="${lens.fill}"/>
      <path d="M ${cx - w / 2} ${cy + h * 0.1} L ${cx - w * 0.05} ${cy - h / 2} L ${cx + w * 0.08} ${cy - h / 2} L ${cx - w * 0.35} ${cy + h / 2} Z" fill="#fff" opacity="0.28"/>
      <path d="M ${cx + w * 0.05} ${cy + h / 2} L ${cx + w * 0.42} ${cy - h / 2} L ${cx + w * 0.47} ${cy - h / 2} L ${cx + w * 0.12} ${cy + h / 2} Z" fill="#fff" opacity="0.18"/>
      <ellipse cx="${cx}" cy="${cy + h * 0.55}" rx="${w * 0.6}" ry="${h * 0.35}" fill="#000" opacity="0.12"/>
    </g>`;
  return { defs: frame.def + lens.def, body };
}

function goggles(art: ProductArt): { defs: string; body: string } {
  if (art.angle === 1) return goggleFront(art);
  if (art.angle === 2) {
    const front = goggleFront(art, false);
    const band = shade(luminance(art.primary) > 0.7 ? shade(art.primary, -0.15) : art.primary, -0.15);
    return {
      defs: front.defs,
      body: `<path d="M 700 560 C 840 540 880 640 840 700 C 800 760 600 770 470 740" fill="none" stroke="${shade(band, -0.2)}" stroke-width="104" stroke-linecap="round"/>
        <g transform="translate(70 34) skewY(-5) scale(0.8 1)" opacity="1"><g transform="translate(26 8)"><path d="${gogglePath(450, 600, goggleShape(art.style).w, goggleShape(art.style).h, goggleShape(art.style).box, 70)}" fill="${shade(art.primary, -0.4)}"/></g>${front.body}</g>
        <path d="M 90 570 C 40 600 40 640 90 660" fill="none" stroke="${band}" stroke-width="100" stroke-linecap="round"/>`,
    };
  }
  // Side: the frame seen edge-on, the curved lens in front, the strap running back round the head.
  const frame = surface(art.primary, 0.2);
  const lens = mirrorLens(art.accent);
  const { h } = goggleShape(art.style);
  const top = 600 - h / 2;
  const bottom = 600 + h / 2;
  const band = luminance(art.primary) > 0.7 ? shade(art.primary, -0.2) : art.primary;
  return {
    defs: frame.def + lens.def,
    body: `<ellipse cx="560" cy="600" rx="300" ry="74" fill="none" stroke="${shade(band, -0.25)}" stroke-width="100"/>
      <path d="M 300 ${top} C 220 ${top + 60} 200 ${bottom - 60} 300 ${bottom} L 410 ${bottom - 20} C 380 ${bottom - 80} 380 ${top + 80} 410 ${top + 20} Z" fill="${frame.fill}" stroke="${shade(art.primary, -0.35)}" stroke-width="4"/>
      <path d="M 296 ${top + 14} C 226 ${top + 70} 212 ${bottom - 70} 296 ${bottom - 14} C 262 ${bottom - 70} 262 ${top + 70} 296 ${top + 14} Z" fill="${lens.fill}"/>
      <rect x="395" y="545" width="70" height="110" rx="16" fill="${shade(art.primary, -0.25)}"/>
      <path d="M 250 520 C 240 560 240 600 246 640" stroke="#fff" stroke-width="10" opacity="0.35" fill="none" stroke-linecap="round"/>`,
  };
}

function helmetSide(art: ProductArt): { defs: string; body: string } {
  const kids = art.style === 'kids';
  const shell = surface(art.primary, 0.25);
  const rand = seededRandom(art.seed);
  const vents = 3 + Math.floor(rand() * 3);
  const fabric = luminance(art.primary) > 0.5 ? '#3a3a3e' : '#1c1c1f';
  const trim = shade(art.primary, -0.45);
  const ventMarks = Array.from({ length: vents }, (_, i) => {
    const t = (i + 1) / (vents + 1);
    const angle = -150 + t * 120;
    const rad = (angle * Math.PI) / 180;
    const x = 465 + Math.cos(rad) * 250;
    const y = 620 + Math.sin(rad) * 270;
    return `<rect x="${x - 34}" y="${y - 10}" width="68" height="20" rx="10" fill="${shade(art.primary, -0.55)}" transform="rotate(${angle + 90} ${x} ${y})"/>`;
  }).join('');
  const mips = art.style === 'mips' ? `<path d="M 200 722 L 720 722" stroke="#f2c500" stroke-width="10"/>` : '';
  const scale = kids ? 'translate(450 640) scale(0.92 0.96) translate(-450 -640)' : '';
  return {
    defs: shell.def,
    body: `<g transform="${scale}">
      <path d="M 420 760 C 420 820 430 900 452 960" stroke="${fabric}" stroke-width="16" fill="none" stroke-linecap="round"/>
      <rect x="432" y="940" width="44" height="30" rx="6" fill="#222"/>
      ${mips}
      <ellipse cx="430" cy="760" rx="110" ry="82" fill="${fabric}"/>
      <path d="M 190 720 C 170 470 300 320 480 318 C 660 316 780 450 768 650 C 764 700 748 735 712 752 L 640 752 C 600 752 585 722 545 722 L 300 722 C 250 722 225 744 198 744 Z" fill="${shell.fill}" stroke="${trim}" stroke-width="5"/>
      ${ventMarks}
      <path d="M 205 560 C 150 568 118 600 104 628 C 160 626 210 618 236 610 Z" fill="${shade(art.primary, -0.3)}"/>
      <path d="M 198 744 C 225 744 250 722 300 722 L 545 722 C 585 722 600 752 640 752 L 712 752" fill="none" stroke="${trim}" stroke-width="14" stroke-linecap="round"/>
      <rect x="748" y="600" width="34" height="86" rx="10" fill="${trim}"/>
      <path d="M 300 400 C 380 340 520 330 600 370" stroke="#fff" stroke-width="16" opacity="0.28" fill="none" stroke-linecap="round"/>
    </g>`,
  };
}

function helmetFront(art: ProductArt): { defs: string; body: string } {
  const shell = surface(art.primary, 0.25);
  const fabric = luminance(art.primary) > 0.5 ? '#3a3a3e' : '#1c1c1f';
  const trim = shade(art.primary, -0.45);
  const vents = [-2, -1, 0, 1, 2]
    .map(
      (i) =>
        `<rect x="${450 + i * 70 - 12}" y="${380 + Math.abs(i) * 26}" width="24" height="90" rx="12" fill="${shade(art.primary, -0.55)}"/>`,
    )
    .join('');
  return {
    defs: shell.def,
    body: `<ellipse cx="250" cy="770" rx="55" ry="90" fill="${fabric}"/><ellipse cx="650" cy="770" rx="55" ry="90" fill="${fabric}"/>
      <path d="M 262 850 C 300 930 400 960 450 960 C 500 960 600 930 638 850" stroke="${fabric}" stroke-width="14" fill="none"/>
      <path d="M 230 760 C 215 480 320 330 450 330 C 580 330 685 480 670 760 C 600 720 300 720 230 760 Z" fill="${shell.fill}" stroke="${trim}" stroke-width="5"/>
      ${vents}
      <path d="M 250 600 C 330 560 570 560 650 600 L 660 640 C 560 612 340 612 240 640 Z" fill="${shade(art.primary, -0.3)}"/>
      <path d="M 230 760 C 300 720 600 720 670 760" stroke="${trim}" stroke-width="14" fill="none" stroke-linecap="round"/>
      ${art.style === 'mips' ? '<path d="M 262 742 C 340 712 560 712 638 742" stroke="#f2c500" stroke-width="8" fill="none"/>' : ''}
      <path d="M 330 420 C 380 370 470 360 520 372" stroke="#fff" stroke-width="16" opacity="0.28" fill="none" stroke-linecap="round"/>`,
  };
}

function helmet(art: ProductArt) {
  if (art.angle === 1) return helmetSide(art);
  if (art.angle === 2) {
    const side = helmetSide(art);
    return { defs: side.defs, body: `<g transform="translate(900 0) scale(-1 1) rotate(-6 450 640)">${side.body}</g>` };
  }
  return helmetFront(art);
}

function binding(art: ProductArt): Drawing {
  const plate = surface(art.primary, 0.2);
  const strap = luminance(art.accent) > 0.8 ? shade(art.accent, -0.1) : art.accent;
  const base = shade(art.primary, -0.35);
  const dark = shade(art.primary, -0.6);
  const rand = seededRandom(art.seed);
  const slots = 2 + Math.floor(rand() * 3);
  if (art.angle === 2) {
    // From above: footbed, disc with four screws, straps across, highback curling up at the heel.
    const holes = [
      [-40, -40],
      [40, -40],
      [-40, 40],
      [40, 40],
    ]
      .map(
        ([dx, dy]) => `<circle cx="${450 + dx!}" cy="${640 + dy!}" r="12" fill="#bbb" stroke="#555" stroke-width="3"/>`,
      )
      .join('');
    return {
      defs: plate.def,
      body: `<path d="M 300 300 C 300 230 600 230 600 300 L 610 400 C 560 370 340 370 290 400 Z" fill="${plate.fill}" stroke="${dark}" stroke-width="4"/>
        <rect x="300" y="300" width="300" height="680" rx="140" fill="${base}" stroke="${dark}" stroke-width="5"/>
        <rect x="322" y="330" width="256" height="620" rx="124" fill="${shade(art.primary, -0.15)}"/>
        <circle cx="450" cy="640" r="96" fill="${shade(art.primary, -0.45)}" stroke="#888" stroke-width="6"/>${holes}
        <path d="M 270 520 C 330 460 570 460 630 520 L 630 600 C 570 550 330 550 270 600 Z" fill="${strap}" stroke="${shade(strap, -0.4)}" stroke-width="4"/>
        <path d="M 280 820 C 340 780 560 780 620 820 L 620 870 C 560 835 340 835 280 870 Z" fill="${strap}" stroke="${shade(strap, -0.4)}" stroke-width="4"/>
        <rect x="600" y="520" width="60" height="40" rx="8" fill="#2a2a2a"/>`,
    };
  }
  if (art.angle >= 3) {
    // From behind: the highback, its cut-outs, the heel cup and the straps at its sides.
    const cutouts = Array.from(
      { length: slots },
      (_, i) =>
        `<rect x="${450 - 14 + (i - (slots - 1) / 2) * 56}" y="420" width="28" height="240" rx="14" fill="${dark}"/>`,
    ).join('');
    return {
      defs: plate.def,
      floor: 960,
      body: `<rect x="240" y="660" width="110" height="56" rx="24" fill="${strap}"/><rect x="550" y="660" width="110" height="56" rx="24" fill="${strap}"/>
        <path d="M 300 330 C 300 280 600 280 600 330 L 570 820 C 570 860 330 860 330 820 Z" fill="${plate.fill}" stroke="${dark}" stroke-width="5"/>
        ${cutouts}
        <path d="M 280 820 C 280 900 620 900 620 820 L 620 900 C 620 960 280 960 280 900 Z" fill="${base}" stroke="${dark}" stroke-width="5"/>
        <path d="M 340 340 C 400 320 500 320 560 340" stroke="#fff" stroke-width="12" opacity="0.25" fill="none" stroke-linecap="round"/>`,
    };
  }
  const cutouts = Array.from(
    { length: slots },
    (_, i) =>
      `<rect x="${676 + i * 6}" y="${420 + i * 90}" width="26" height="70" rx="12" fill="${dark}" transform="rotate(${12 - i * 3} ${690} ${455 + i * 90})"/>`,
  ).join('');
  return {
    defs: plate.def,
    body: `<path d="M 150 860 L 740 860 C 770 860 780 840 780 815 L 780 790 L 175 790 C 155 790 150 810 150 830 Z" fill="${base}" stroke="${dark}" stroke-width="5"/>
      <rect x="150" y="868" width="630" height="16" rx="8" fill="${shade(art.primary, -0.5)}"/>
      <path d="M 560 790 C 560 730 620 690 700 680 L 770 680 L 780 790 Z" fill="${shade(art.primary, -0.2)}" stroke="${dark}" stroke-width="5"/>
      <path d="M 630 800 C 640 660 650 500 705 360 C 720 320 770 312 800 330 C 812 430 792 620 778 800 Z" fill="${plate.fill}" stroke="${dark}" stroke-width="5"/>
      ${cutouts}
      <path d="M 420 790 C 440 660 560 600 680 640" fill="none" stroke="${shade(strap, -0.35)}" stroke-width="92" stroke-linecap="round"/>
      <path d="M 420 790 C 440 660 560 600 680 640" fill="none" stroke="${strap}" stroke-width="76" stroke-linecap="round"/>
      <path d="M 440 720 C 470 670 540 640 610 640" fill="none" stroke="${contrastOf(strap)}" stroke-width="6" stroke-dasharray="14 12" opacity="0.7"/>
      <rect x="396" y="700" width="60" height="38" rx="8" fill="#2a2a2a" transform="rotate(-60 426 719)"/>
      <path d="M 215 790 C 235 720 320 700 385 760" fill="none" stroke="${shade(strap, -0.35)}" stroke-width="56" stroke-linecap="round"/>
      <path d="M 215 790 C 235 720 320 700 385 760" fill="none" stroke="${strap}" stroke-width="42" stroke-linecap="round"/>
      <path d="M 720 350 C 740 340 770 338 790 346" stroke="#fff" stroke-width="10" opacity="0.3" fill="none" stroke-linecap="round"/>`,
  };
}

function gloveShape(art: ProductArt, mitt: boolean): { defs: string; body: string } {
  const fabric = surface(art.primary, 0.2);
  const panel = luminance(art.primary) < 0.12 ? '#3b3b40' : shade(art.primary, -0.3);
  const trim = contrastOf(art.primary);
  const fingers = mitt
    ? `<rect x="300" y="290" width="300" height="420" rx="150" fill="${fabric.fill}" stroke="${panel}" stroke-width="5"/>`
    : [
        [300, 300],
        [372, 250],
        [444, 262],
        [516, 318],
      ]
        .map(
          ([x, top]) =>
            `<rect x="${x}" y="${top}" width="76" height="${620 - top!}" rx="38" fill="${fabric.fill}" stroke="${panel}" stroke-width="5"/>`,
        )
        .join('');
  const knuckles = mitt
    ? `<path d="M 320 470 C 380 430 520 430 580 470 L 580 560 C 520 530 380 530 320 560 Z" fill="${panel}"/>`
    : `<rect x="306" y="440" width="280" height="70" rx="30" fill="${panel}"/>`;
  return {
    defs: fabric.def,
    body: `<rect x="212" y="540" width="90" height="240" rx="45" fill="${fabric.fill}" stroke="${panel}" stroke-width="5" transform="rotate(-38 257 660)"/>
      ${fingers}
      <rect x="296" y="480" width="308" height="330" rx="70" fill="${fabric.fill}" stroke="${panel}" stroke-width="5"/>
      ${knuckles}
      <path d="M 320 560 L 580 560" stroke="${trim}" stroke-width="4" stroke-dasharray="12 10" opacity="0.6"/>
      <rect x="290" y="790" width="320" height="230" rx="30" fill="${shade(art.primary, -0.15)}" stroke="${panel}" stroke-width="5"/>
      <rect x="280" y="850" width="340" height="56" rx="14" fill="${panel}"/>
      <rect x="560" y="846" width="70" height="64" rx="10" fill="${trim}"/>
      <path d="M 300 1000 L 600 1000" stroke="${trim}" stroke-width="4" stroke-dasharray="12 10" opacity="0.5"/>`,
  };
}

function glove(art: ProductArt, mitt: boolean) {
  const shape = gloveShape(art, mitt);
  if (art.angle === 1) return shape;
  if (art.angle === 2)
    return {
      defs: shape.defs,
      body: `<g transform="translate(900 0) scale(-1 1) rotate(8 450 640)">${shape.body}</g>`,
    };
  return {
    defs: shape.defs,
    body: `<g transform="translate(120 60) scale(0.78)">${shape.body}</g><g transform="translate(790 200) scale(-0.78 0.78)">${shape.body}</g>`,
  };
}

function backpack(art: ProductArt) {
  const body = surface(art.primary, 0.2);
  const dark = shade(art.primary, -0.4);
  const webbing = luminance(art.primary) < 0.15 ? '#4a4a50' : shade(art.primary, -0.5);
  const accent = art.accent;
  const front = `<path d="M 330 320 C 330 280 570 280 570 320" fill="none" stroke="${webbing}" stroke-width="18"/>
    <rect x="250" y="330" width="400" height="640" rx="110" fill="${body.fill}" stroke="${dark}" stroke-width="5"/>
    <path d="M 250 460 C 250 380 320 330 450 330 C 580 330 650 380 650 460 Z" fill="${shade(art.primary, 0.08)}" stroke="${dark}" stroke-width="5"/>
    <path d="M 280 450 C 360 470 540 470 620 450" stroke="#222" stroke-width="5" fill="none"/><rect x="600" y="440" width="14" height="40" rx="5" fill="${accent}"/>
    <rect x="305" y="580" width="290" height="320" rx="60" fill="${shade(art.primary, -0.12)}" stroke="${dark}" stroke-width="5"/>
    <path d="M 325 620 L 575 620" stroke="#222" stroke-width="5"/><rect x="550" y="610" width="14" height="40" rx="5" fill="${accent}"/>
    <rect x="236" y="540" width="428" height="30" rx="8" fill="${webbing}"/><rect x="430" y="532" width="40" height="46" rx="6" fill="#222"/>
    <rect x="236" y="780" width="428" height="30" rx="8" fill="${webbing}"/><rect x="430" y="772" width="40" height="46" rx="6" fill="#222"/>
    <rect x="420" y="660" width="60" height="90" rx="10" fill="${accent}"/>`;
  if (art.angle === 1) {
    return {
      defs: body.def,
      body: `<path d="M 262 380 C 200 500 210 800 250 920" stroke="#222" stroke-width="36" fill="none"/><path d="M 638 380 C 700 500 690 800 650 920" stroke="#222" stroke-width="36" fill="none"/>${front}`,
    };
  }
  if (art.angle === 2) {
    return {
      defs: body.def,
      body: `<path d="M 640 360 L 760 410 C 790 430 790 470 790 500 L 780 930 C 780 960 760 975 730 975 L 630 965 Z" fill="${shade(art.primary, -0.28)}" stroke="${dark}" stroke-width="5"/>
        <rect x="680" y="700" width="90" height="200" rx="30" fill="${shade(art.primary, -0.4)}"/>
        <g transform="translate(60 0) scale(0.9 1)">${front}</g>`,
    };
  }
  return {
    defs: body.def,
    body: `<rect x="250" y="330" width="400" height="640" rx="110" fill="${body.fill}" stroke="${dark}" stroke-width="5"/>
      <rect x="300" y="420" width="300" height="460" rx="60" fill="#2b2b2f"/>
      <path d="M 360 360 C 330 520 340 720 300 880" stroke="#111" stroke-width="70" fill="none" stroke-linecap="round"/>
      <path d="M 540 360 C 570 520 560 720 600 880" stroke="#111" stroke-width="70" fill="none" stroke-linecap="round"/>
      <rect x="370" y="600" width="160" height="24" rx="8" fill="${accent}"/>
      <path d="M 170 880 C 300 840 600 840 730 880 L 730 950 C 600 910 300 910 170 950 Z" fill="#1f1f23"/>`,
  };
}

function beanie(art: ProductArt) {
  const knit = surface(art.primary, 0.16);
  const rib = shade(art.primary, -0.18);
  const shallow = art.style === 'fisherman';
  const top = shallow ? 520 : 400;
  const cuffTop = shallow ? 700 : 730;
  const clip = uid('knit');
  const ribs =
    art.style === 'fleece'
      ? ''
      : Array.from(
          { length: 21 },
          (_, i) =>
            `<path d="M ${250 + i * 20} ${cuffTop + 10} C ${250 + i * 20 + (i - 10) * 4} ${cuffTop - 200} ${450 + (i - 10) * 6} ${top + 40} 450 ${top}" stroke="${rib}" stroke-width="5" fill="none"/>`,
        ).join('');
  const cuffRibs = Array.from(
    { length: 22 },
    (_, i) =>
      `<rect x="${234 + i * 20}" y="${cuffTop + 8}" width="9" height="${shallow ? 120 : 150}" rx="4" fill="${rib}"/>`,
  ).join('');
  const pom =
    art.style === 'pom'
      ? `<g>${Array.from({ length: 90 }, (_, i) => {
          const rand = seededRandom(`${art.seed}${i}`);
          const a = rand() * Math.PI * 2;
          const r = 40 + rand() * 70;
          return `<line x1="450" y1="${top - 60}" x2="${450 + Math.cos(a) * r}" y2="${top - 60 + Math.sin(a) * r}" stroke="${mix(art.accent, '#ffffff', rand() * 0.3)}" stroke-width="14" stroke-linecap="round"/>`;
        }).join('')}</g>`
      : '';
  const accent =
    art.style === 'fleece'
      ? `<rect x="560" y="${cuffTop + 50}" width="60" height="40" rx="6" fill="${contrastOf(art.primary)}"/>`
      : '';
  const hat = `${pom}
    <clipPath id="${clip}"><path d="M 240 ${cuffTop + 20} C 240 ${top + 120} 330 ${top} 450 ${top} C 570 ${top} 660 ${top + 120} 660 ${cuffTop + 20} Z"/></clipPath>
    <path d="M 240 ${cuffTop + 20} C 240 ${top + 120} 330 ${top} 450 ${top} C 570 ${top} 660 ${top + 120} 660 ${cuffTop + 20} Z" fill="${knit.fill}" stroke="${shade(art.primary, -0.3)}" stroke-width="4"/>
    <g clip-path="url(#${clip})">${ribs}</g>
    <rect x="226" y="${cuffTop}" width="448" height="${shallow ? 136 : 166}" rx="28" fill="${shade(art.primary, -0.06)}" stroke="${shade(art.primary, -0.3)}" stroke-width="4"/>
    ${art.style === 'fleece' ? '' : cuffRibs}${accent}`;
  if (art.angle === 1) return { defs: knit.def, body: hat };
  if (art.angle === 2) return { defs: knit.def, body: `<g transform="rotate(-9 450 700) translate(0 20)">${hat}</g>` };
  return { defs: knit.def, body: `<g transform="translate(-225 -300) scale(1.5)">${hat}</g>` };
}

function lens(art: ProductArt) {
  const tint = mirrorLens(art.accent);
  const clip = uid('lensclip');
  const rim = shade(art.accent, -0.6);
  const shape = (cx: number, cy: number) => `
    <path d="${gogglePath(cx, cy, 640, 330, 0.2, 64)}" fill="${rim}"/>
    <clipPath id="${clip}${cx}"><path d="${gogglePath(cx, cy, 624, 314, 0.2, 58)}"/></clipPath>
    <g clip-path="url(#${clip}${cx})"><rect width="900" height="1200" fill="${tint.fill}"/>
      <path d="M ${cx - 320} ${cy + 40} L ${cx - 40} ${cy - 170} L ${cx + 40} ${cy - 170} L ${cx - 230} ${cy + 170} Z" fill="#fff" opacity="0.3"/></g>
    <circle cx="${cx - 300}" cy="${cy - 10}" r="12" fill="#444"/><circle cx="${cx + 300}" cy="${cy - 10}" r="12" fill="#444"/>
    <circle cx="${cx - 150}" cy="${cy - 150}" r="9" fill="#444"/><circle cx="${cx + 150}" cy="${cy - 150}" r="9" fill="#444"/>`;
  if (art.angle === 1) return { defs: tint.def, body: shape(450, 600) };
  if (art.angle === 2) {
    return { defs: tint.def, body: `<g transform="translate(70 30) skewY(-6) scale(0.82 1)">${shape(450, 600)}</g>` };
  }
  return {
    defs: tint.def,
    body: `<rect x="190" y="520" width="520" height="420" rx="60" fill="#2f3034" transform="rotate(-6 450 730)"/>
      <path d="M 260 540 C 360 500 540 500 640 540" stroke="#777" stroke-width="8" fill="none" transform="rotate(-6 450 730)"/>
      <g transform="translate(112 -40) scale(0.75)">${shape(450, 600)}</g>`,
  };
}

type Drawing = { defs: string; body: string; floor?: number };

/** Where each kind's floor shadow sits (the bottom of its drawing). */
const FLOOR_BY_KIND: Record<ProductKind, number> = {
  goggles: 830,
  lens: 830,
  helmet: 990,
  binding: 900,
  glove: 1040,
  mitt: 1040,
  backpack: 990,
  beanie: 920,
};

function drawing(art: ProductArt): Drawing {
  switch (art.kind) {
    case 'goggles':
      return goggles(art);
    case 'helmet':
      return helmet(art);
    case 'binding':
      return binding(art);
    case 'glove':
      return glove(art, false);
    case 'mitt':
      return glove(art, true);
    case 'backpack':
      return backpack(art);
    case 'beanie':
      return beanie(art);
    case 'lens':
      return lens(art);
  }
}

/** A product photo stand-in: the product on white (cards use a white background, spec §9) with a soft floor shadow. */
export function productSvg(art: ProductArt): string {
  const { defs, body, floor = FLOOR_BY_KIND[art.kind] } = drawing(art);
  const shadow = uid('shadow');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PRODUCT_WIDTH}" height="${PRODUCT_HEIGHT}" viewBox="0 0 ${PRODUCT_WIDTH} ${PRODUCT_HEIGHT}">
  <defs>${defs}<radialGradient id="${shadow}"><stop offset="0" stop-color="#000" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>
  <rect width="100%" height="100%" fill="#ffffff"/>
  <ellipse cx="450" cy="${floor}" rx="330" ry="46" fill="url(#${shadow})"/>
  ${body}
</svg>`;
}
