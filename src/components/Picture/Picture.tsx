import * as React from "react";
import type { IGatsbyImageData } from "gatsby-plugin-image";

/**
 * An image processed by gatsby-plugin-image (sizes, formats and dominant colour, from the page
 * query's `gatsbyImageData`), written as a plain responsive `<picture>`: each format's `srcset`,
 * the fallback's `src`, the intrinsic width and height (a box of the image's proportions, so
 * nothing shifts while it loads), the dominant colour behind it, and the browser's own lazy
 * loading. The queries ask for each image at half, once and twice its width
 * (`outputPixelDensities: [0.5, 1, 2]`): the plugin's quarter width is a size no screen picks
 * (ADR 0013).
 *
 * Not the plugin's `<GatsbyImage>` component: on every page with an image, that component's
 * client code fetches a 21 KB (compressed) chunk with react-dom/server to re-render images after
 * client-side navigations, and writes a script per image to swap `data-srcset` in. The markup
 * here needs no script at all, in the first load or after it (ADR 0013).
 */
export function Picture({
  image,
  alt,
  loading = "lazy",
  className,
}: {
  image: IGatsbyImageData;
  alt: string;
  /** "eager" for an image likely above the fold (it is then fetched first, too). */
  loading?: "eager" | "lazy";
  className?: string;
}) {
  const { images, width, height, backgroundColor } = image;
  const fallback = images.fallback;
  return (
    // The box has the image's proportions before the file arrives, and the image fills it: its
    // height is never `auto`, which Chromium reports for a lazy image ("Lazy-loaded images
    // should have explicit dimensions", DevTools' Issues panel).
    <picture
      className={className}
      style={{ display: "block", position: "relative", maxWidth: width, aspectRatio: `${width} / ${height}` }}
    >
      {images.sources?.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        alt={alt}
        src={fallback?.src}
        srcSet={fallback?.srcSet}
        sizes={fallback?.sizes}
        width={width}
        height={height}
        loading={loading}
        decoding="async"
        // Lower case: React 18 knows no `fetchPriority` prop (it warns, and writes the attribute
        // as given); HTML reads either spelling, and this one is what React 19 will write.
        {...{ fetchpriority: loading === "eager" ? "high" : undefined }}
        style={{
          position: "absolute",
          inset: 0,
          width: "100%",
          height: "100%",
          objectFit: "cover",
          backgroundColor,
        }}
      />
    </picture>
  );
}
