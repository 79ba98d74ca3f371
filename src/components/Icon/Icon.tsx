import * as React from "react";
import type { ICONS } from "../../../schemas";

export type IconName = (typeof ICONS)[number];

/**
 * The icons' file: one symbol per icon (scripts/copy-icons.ts). One file, so the browser builds
 * one SVG document for every icon on the page; an `<img>` per icon file cost one document each,
 * built when a mega menu opened, in the frame a phone's visitor waited for (docs/performance.md).
 */
const ICON_SPRITE = "/icons/icons.svg";

/** A decorative icon drawn from the icons' file: a file, not JavaScript. */
export function Icon({ name, size = 28 }: { name: IconName | string; size?: number }) {
  return (
    <svg width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`${ICON_SPRITE}#${name}`} />
    </svg>
  );
}
