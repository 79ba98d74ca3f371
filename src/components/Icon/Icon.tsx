import * as React from "react";
import type { ICONS } from "../../../schemas";

export type IconName = (typeof ICONS)[number];

/**
 * A decorative icon from static/icons (see scripts/copy-icons.ts): a file, not JavaScript. Its
 * height is set in CSS as well as in the attribute: the global `img { height: auto }` would
 * otherwise leave a lazy image whose file has not loaded without a height of its own, which
 * Chromium reports in DevTools' Issues panel ("Lazy-loaded images should have explicit
 * dimensions") for every icon a client-side navigation renders.
 */
export function Icon({ name, size = 28 }: { name: IconName | string; size?: number }) {
  return (
    <img
      src={`/icons/${name}.svg`}
      alt=""
      width={size}
      height={size}
      style={{ height: size }}
      loading="lazy"
      decoding="async"
    />
  );
}
