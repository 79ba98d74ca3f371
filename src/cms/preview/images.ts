/**
 * Images in the preview: the file the entry names, fetched through Decap's getAsset (so an image
 * picked a moment ago, not yet saved, shows too), handed to the site's GatsbyImage as image data.
 */
import * as React from "react";
import { getImageData, type IGatsbyImageData } from "gatsby-plugin-image";

/**
 * The widest image the site's queries ask for (the case-study gallery). The build crops card
 * images to 16:10; the preview keeps each image's own proportions, which the site's pictures
 * share (1440 x 900).
 */
export const PREVIEW_IMAGE_WIDTH = 720;
const DEFAULT_SIZE = { width: 1440, height: 900 };

export interface Size {
  width: number;
  height: number;
}

const made = new Map<string, IGatsbyImageData>();

/**
 * Image data for a URL whose pixels are `size`; every width of the srcset is the same file. The
 * same object for the same image and size: Decap renders the preview again on every change in its
 * store, and GatsbyImage redraws an image whose data is a new object.
 */
export function previewImageData(url: string, size: Size = DEFAULT_SIZE): IGatsbyImageData {
  const key = `${size.width}x${size.height} ${url}`;
  let data = made.get(key);
  if (!data) {
    data = getImageData({
      baseUrl: url,
      urlBuilder: ({ baseUrl }) => baseUrl,
      sourceWidth: size.width,
      sourceHeight: size.height,
      width: Math.min(PREVIEW_IMAGE_WIDTH, size.width),
      layout: "constrained",
      formats: ["auto"],
      pluginName: "cms-preview",
    });
    made.set(key, data);
  }
  return data;
}

/**
 * The natural sizes of the images shown, measured once each as they load; a render that finds a
 * size missing starts measuring it and renders again when it is known.
 */
export function useImageSizes(): (url: string) => Size | undefined {
  const [sizes, setSizes] = React.useState<ReadonlyMap<string, Size>>(new Map());
  const pending = React.useRef(new Set<string>());
  React.useEffect(() => () => pending.current.clear(), []);
  return React.useCallback(
    (url: string) => {
      const known = sizes.get(url);
      if (known || pending.current.has(url)) return known;
      pending.current.add(url);
      const probe = new Image();
      probe.onload = () => {
        if (!pending.current.delete(url)) return;
        setSizes((old) => new Map(old).set(url, { width: probe.naturalWidth, height: probe.naturalHeight }));
      };
      probe.src = url;
      return undefined;
    },
    [sizes],
  );
}
