import * as React from "react";
import type { ICONS } from "../../../schemas";

export type IconName = (typeof ICONS)[number];

/** A decorative icon from static/icons (see scripts/copy-icons.ts): a file, not JavaScript. */
export function Icon({ name, size = 28 }: { name: IconName | string; size?: number }) {
  return <img src={`/icons/${name}.svg`} alt="" width={size} height={size} loading="lazy" decoding="async" />;
}
