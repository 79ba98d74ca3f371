import * as React from "react";
import { navigate, useStaticQuery } from "gatsby";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithTheme } from "../../../../test/render";
import { ConsultationButton } from "../../../components/Consultation";
import { LayoutProvider } from "../../../hooks/useLayout";
import { Layout } from "../Layout";

// The consultation modal's chunk cannot load: a connection dropped after the page loaded, or a
// deploy removed the chunk the page still refers to. The lazy import rejects.
jest.mock("../../ConsultationModal", () => {
  throw new Error("ChunkLoadError: Loading chunk consultation-modal failed.");
});
// The navbar and the footer are not what this test is about (they read the whole menu content).
jest.mock("../../Navbar", () => ({ Navbar: () => <nav aria-label="Main" /> }));
jest.mock("../../Footer", () => ({ Footer: () => <footer /> }));

beforeEach(() => {
  // A desktop-width window (jsdom has no matchMedia).
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  }));
  // content/navigation.yaml's consultation calls to action, as useConsultation queries them.
  jest.mocked(useStaticQuery).mockReturnValue({
    navigation: {
      consultation: {
        label: "Book free consultation",
        dialogLabel: "Get a free consultation",
        pitch: "A free 30-minute call with a senior engineer about your project.",
        page: { slug: "contact" },
      },
    },
  });
  jest.mocked(navigate).mockClear();
});

test("if the modal cannot load, the page stays and the visitor is taken to the consultation page", async () => {
  jest.spyOn(console, "error").mockImplementation(() => undefined);
  renderWithTheme(
    <LayoutProvider>
      <Layout pathname="/services/ui-design" solidNavbar={false}>
        <h1>UI Design</h1>
        <ConsultationButton />
      </Layout>
    </LayoutProvider>,
  );
  await userEvent.click(screen.getByRole("link", { name: "Get a free consultation" }));

  // The consultation page, from the route table (content names the page: contact).
  await waitFor(() => expect(navigate).toHaveBeenCalledWith("/contact"));
  expect(screen.getByRole("heading", { name: "UI Design" })).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Get a free consultation" })).toBeInTheDocument();
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
});
