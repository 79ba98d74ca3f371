import * as React from "react";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { render, screen } from "@testing-library/react";
import { Picture } from "../Picture";

const image: IGatsbyImageData = {
  layout: "constrained",
  width: 560,
  height: 350,
  backgroundColor: "#482878",
  images: {
    fallback: {
      src: "/static/a/560/cover.jpg",
      srcSet: "/static/a/280/cover.jpg 280w,\n/static/a/560/cover.jpg 560w",
      sizes: "(min-width: 560px) 560px, 100vw",
    },
    sources: [
      {
        type: "image/webp",
        srcSet: "/static/a/280/cover.webp 280w,\n/static/a/560/cover.webp 560w",
        sizes: "(min-width: 560px) 560px, 100vw",
      },
    ],
  },
};

test("the processed sizes as a plain picture: the WebP source, the fallback, its size and the lazy loading", () => {
  const { container } = render(<Picture image={image} alt="Humm's app on a phone" />);
  const img = screen.getByRole("img", { name: "Humm's app on a phone" });
  expect(img).toHaveAttribute("src", "/static/a/560/cover.jpg");
  expect(img).toHaveAttribute("srcset", image.images.fallback!.srcSet);
  expect(img).toHaveAttribute("width", "560");
  expect(img).toHaveAttribute("height", "350");
  expect(img).toHaveAttribute("loading", "lazy");
  expect(img).not.toHaveAttribute("fetchpriority");
  const source = container.querySelector("picture > source");
  expect(source).toHaveAttribute("type", "image/webp");
  expect(source).toHaveAttribute("srcset", image.images.sources![0].srcSet);
  // The box keeps the image's proportions before the file arrives; nothing else is on the page.
  expect(container.querySelector("picture")).toHaveStyle({ aspectRatio: "560 / 350" });
  expect(container.querySelectorAll("script, noscript")).toHaveLength(0);
});

test("an image above the fold loads at once, first", () => {
  render(<Picture image={image} alt="Hero" loading="eager" />);
  const img = screen.getByRole("img", { name: "Hero" });
  expect(img).toHaveAttribute("loading", "eager");
  expect(img).toHaveAttribute("fetchpriority", "high");
});
