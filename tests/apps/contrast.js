// Text of a kayalib page whose contrast with what lies under it is below WCAG's 4.5:1 (3:1 for
// large text): colours blended through transparent backgrounds and opacity as they are drawn.
// Hidden and disabled controls and card drawings are left out, as WCAG leaves them out.
() => {
  const parse = (c) => {
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const channel = (v) => {
    v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const lum = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3]))
    .concat([1]);
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) {
        layers.push(c);
        if (c[3] >= 1) break;
      }
    }
    let bg = [255, 255, 255, 1];
    for (const c of layers.reverse()) bg = over(c, bg);
    return bg;
  };
  const opacity = (el) => {
    let o = 1;
    for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
    return o;
  };
  const low = [];
  for (const el of document.querySelectorAll(".kaya-app *")) {
    if (el.closest("svg") || el.getClientRects().length === 0) continue;
    const text = Array.from(el.childNodes).filter((n) => n.nodeType === 3)
      .map((n) => n.data).join("").trim();
    if (!text || el.closest("button:disabled, select:disabled, input:disabled, [disabled]")) {
      continue;
    }
    const style = getComputedStyle(el);
    if (style.visibility === "hidden") continue;
    const bg = background(el);
    const ink = parse(style.color);
    const fg = over([ink[0], ink[1], ink[2], ink[3] * opacity(el)], bg);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (Number(style.fontWeight) >= 700 && size >= 18.66);
    if (ratio < (large ? 3 : 4.5)) {
      low.push([el.className || el.tagName, text.slice(0, 30), Math.round(ratio * 100) / 100]);
    }
  }
  return low;
}
