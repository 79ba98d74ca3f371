import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import type { Locator, Page } from "playwright-core";
import { closeBrowser, DESKTOP, newPage, open, recordScripts, scriptLoaded } from "./lib/browser";
import { outboxLines, uniqueEmail, waitForRequest } from "./lib/outbox";
import { until } from "./lib/wait";
import { axeOn } from "./lib/axe";

/** The consultation form in the built site: in the modal on a service page, and on /contact. */

after(closeBrowser);

const SENT = "Thank you! Your consultation request has been sent.";
const FAILED = "Your request was not sent. Everything you wrote is still in the form.";
const DETAILS = "We run 40 clinics and want patients to book and reschedule appointments by chat.";

/**
 * The form is ready once it enables its submit button (after hydration, with its draft read).
 * There is no spam window to sit out here: the server counts the fill time from the form's token,
 * and the form itself waits out what is left of CONSULTATION_MIN_FILL_MS before it sends.
 */
async function formReady(form: Locator): Promise<void> {
  const submit = form.getByRole("button", { name: "Book my free consultation" });
  await until(submit, ([button]: [HTMLButtonElement, null]) => !button.disabled);
}

async function fill(form: Locator, email: string) {
  await form.getByLabel("Full name").fill("Mary Seacole");
  await form.getByLabel("Work email").fill(email);
  await form.getByLabel("Phone").fill("+44 20 7946 0999");
  await form.getByLabel("Company").fill("Seacole Clinics");
  await form.getByLabel("Budget range").selectOption({ label: "£50,000 to £100,000" });
  await form.getByLabel("Project details").fill(DETAILS);
  await form.getByRole("checkbox", { name: /may contact me/ }).check();
}

async function values(form: Locator) {
  return {
    name: await form.getByLabel("Full name").inputValue(),
    email: await form.getByLabel("Work email").inputValue(),
    details: await form.getByLabel("Project details").inputValue(),
    consent: await form.getByRole("checkbox", { name: /may contact me/ }).isChecked(),
  };
}

const toast = (page: Page, text: string) => page.locator(".Toastify__toast", { hasText: text });

/** The toast sits in the bottom-left corner and shows no progress bar. */
async function assertToastBottomLeft(page: Page, text: string) {
  const t = toast(page, text);
  await t.waitFor({ state: "visible" });
  assert.equal(await page.locator(".Toastify__toast-container--bottom-left").count(), 1);
  const box = (await t.boundingBox())!;
  const viewport = page.viewportSize()!;
  assert.ok(box.x < viewport.width / 4, `toast x ${box.x}`);
  assert.ok(box.y + box.height > viewport.height - 120, `toast bottom ${box.y + box.height}`);
  const bar = t.locator(".Toastify__progress-bar--wrp");
  assert.equal(await bar.getAttribute("data-hidden"), "true");
  assert.equal(await bar.evaluate((el) => getComputedStyle(el).opacity), "0");
  // react-toastify's look comes from its variables, set on its own region, not on the page's root:
  // set there, they restyled every element of the page as react-toastify loaded, a long task on a
  // low-tier phone right after the dialog opens (patches/react-toastify+11.2.0.patch).
  const look = await t.evaluate((el) => ({
    width: getComputedStyle(el).width,
    zIndex: getComputedStyle(el.closest(".Toastify__toast-container")!).zIndex,
    onRoot: getComputedStyle(document.documentElement).getPropertyValue("--toastify-toast-width"),
  }));
  assert.deepEqual(look, { width: "320px", zIndex: "9999", onRoot: "" });
}

async function axe(page: Page, label: string) {
  const result = await axeOn(page)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  assert.deepEqual(
    result.violations.map((v) => `${label}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    [],
  );
}

describe("from a service page's 'Get a free consultation' button (the modal)", () => {
  test("a valid submission reaches the outbox with its context, and shows the success toast bottom-left", async () => {
    const { page, context } = await newPage();
    // A country saved earlier (one without a country page of ours, so no suggestion bar shows).
    await context.addInitScript(() => window.localStorage.setItem("country", "NZ"));
    await open(page, "/services/ai-conversational-chatbot");
    await page.getByRole("main").getByRole("link", { name: "Get a free consultation" }).first().click();
    const modal = page.getByRole("dialog", { name: "Book a free consultation" });
    await formReady(modal);

    // The page's service is chosen already.
    assert.equal(await modal.getByLabel("Service of interest").inputValue(), "ai-conversational-chatbot");
    const email = uniqueEmail("modal");
    await fill(modal, email);
    await modal.getByRole("button", { name: "Book my free consultation" }).click();

    await modal.getByRole("heading", { name: "Thank you, we have your request" }).waitFor();
    await assertToastBottomLeft(page, SENT);
    // The toast is above the dialog, not dimmed under its backdrop: screen readers get it as an
    // alert and a click on its close button reaches it (the backdrop would take the click).
    const alert = modal.getByRole("alert").filter({ hasText: SENT });
    await alert.getByRole("button", { name: "close" }).click({ timeout: 3000 });
    await alert.waitFor({ state: "detached" });
    const lines = await waitForRequest(email);
    const stored = lines.at(-1)!;
    assert.deepEqual(stored.fields, {
      name: "Mary Seacole",
      email,
      phone: "+44 20 7946 0999",
      company: "Seacole Clinics",
      service: "ai-conversational-chatbot",
      budget: "50k-100k",
      details: DETAILS,
      consent: true,
    });
    assert.deepEqual(stored.context, {
      page: "/services/ai-conversational-chatbot",
      service: "ai-conversational-chatbot",
      country: "NZ",
    });
    // The draft is gone once the server has confirmed.
    assert.equal(await page.evaluate(() => sessionStorage.getItem("consultation-draft")), null);
    await context.close();
  });

  test("an invalid submission in the modal shows the error summary and keeps the values; axe finds nothing", async () => {
    const { page, context } = await newPage();
    await open(page, "/industries/ai-in-healthcare");
    await page.getByRole("main").getByRole("link", { name: "Get a free consultation" }).first().click();
    const modal = page.getByRole("dialog", { name: "Book a free consultation" });
    await modal.getByLabel("Full name").fill("Mary Seacole");
    await modal.getByLabel("Work email").fill("mary@");
    await modal.getByRole("button", { name: "Book my free consultation" }).click();
    const summary = modal.getByRole("alert");
    await summary.waitFor();
    assert.equal(await summary.evaluate((el) => el === document.activeElement), true);
    assert.equal(await modal.getByLabel("Work email").inputValue(), "mary@");
    await axe(page, "modal with errors");
    await context.close();
  });

  test("the form's code is not in the first load of a service page: it comes with the modal", async () => {
    const { page, context } = await newPage();
    const scripts = recordScripts(page);
    // A string only the form's code contains (its sessionStorage key).
    const marker = "consultation-draft";
    const formCode = scriptLoaded(page, marker);
    await open(page, "/services/nlp-solutions");
    assert.equal(
      (await scripts()).filter((s) => s.includes(marker)).length,
      0,
      "the form is in the first load",
    );
    await page.getByRole("main").getByRole("link", { name: "Get a free consultation" }).first().click();
    await page.getByRole("dialog").getByLabel("Full name").waitFor();
    // The response event and the body read can trail the render.
    await formCode;
    await context.close();
  });

  test("react-toastify is not loaded by a page without the form, even after its load event: it comes with the modal", async () => {
    const { page, context } = await newPage();
    const scripts = recordScripts(page);
    // A class name only react-toastify's code contains.
    const marker = "Toastify__toast-container";
    const toastify = scriptLoaded(page, marker);
    await open(page, "/services/nlp-solutions");
    // The toast area used to load react-toastify on every page after the load event.
    await page.waitForLoadState("networkidle");
    assert.equal(
      (await scripts()).some((s) => s.includes(marker)),
      false,
      "react-toastify was loaded without the form",
    );
    await page.getByRole("main").getByRole("link", { name: "Get a free consultation" }).first().click();
    await page.getByRole("dialog").getByLabel("Full name").waitFor();
    await toastify;
    await context.close();
  });
});

describe("/contact", () => {
  test("a valid submission reaches the outbox and shows the success toast bottom-left, which closes by itself after about 5 s", async () => {
    const { page, context } = await newPage();
    await open(page, "/contact");
    const form = page.locator("main form");
    await formReady(form);
    const email = uniqueEmail("contact");
    await fill(form, email);
    assert.equal(await form.getByLabel("Service of interest").inputValue(), "not-sure");
    await form.getByLabel("Service of interest").selectOption({ label: "UX Design" });
    await form.getByRole("button", { name: "Book my free consultation" }).click();
    // Move the pointer off the corner where the toast appears: hovering a toast pauses it.
    await page.mouse.move(1200, 100);

    await page.getByRole("heading", { name: "Thank you, we have your request" }).waitFor();
    await assertToastBottomLeft(page, SENT);
    const shownAt = Date.now();
    const lines = await waitForRequest(email);
    assert.equal(lines.at(-1)!.fields.service, "ux-design");
    // The country comes from this page load's country lookup (answered "JP" by e2e/lib/outside.ts).
    assert.deepEqual(lines.at(-1)!.context, { page: "/contact", country: "JP" });

    await toast(page, SENT).waitFor({ state: "detached", timeout: 9000 });
    const shownFor = Date.now() - shownAt;
    assert.ok(shownFor > 3500 && shownFor < 7500, `the toast closed after ${shownFor} ms`);
    await context.close();
  });

  test("an invalid submission: the error summary takes focus and links to each field; values are kept", async () => {
    const { page, context } = await newPage();
    await open(page, "/contact");
    const form = page.locator("main form");
    await form.getByLabel("Work email").fill("mary.seacole@");
    await form.getByLabel("Phone").fill("020 7946 0999");
    await form.getByLabel("Project details").fill("Too short");
    const before = outboxLines().length;
    await form.getByRole("button", { name: "Book my free consultation" }).click();

    const summary = form.getByRole("alert");
    await summary.getByRole("heading", { name: "There is a problem with your request" }).waitFor();
    assert.equal(await summary.evaluate((el) => el === document.activeElement), true, "summary focused");
    const links = summary.getByRole("link");
    assert.equal(await links.count(), 5); // name, email, phone, details, consent
    await links.nth(1).click();
    assert.equal(
      await form.getByLabel("Work email").evaluate((el) => el === document.activeElement),
      true,
      "the summary link focuses its field",
    );
    const email = form.getByLabel("Work email");
    assert.equal(await email.getAttribute("aria-invalid"), "true");
    const describedBy = (await email.getAttribute("aria-describedby"))!.split(" ");
    assert.match(await page.locator(`#${describedBy[0]}`).innerText(), /Enter a work email address/);
    assert.equal(await email.inputValue(), "mary.seacole@");
    assert.equal(await form.getByLabel("Phone").inputValue(), "020 7946 0999");
    assert.equal(await form.getByLabel("Project details").inputValue(), "Too short");
    assert.equal(outboxLines().length, before, "nothing was sent");
    await axe(page, "/contact with errors");
    await context.close();
  });

  test("a server failure (route intercepted): the error toast, every value kept, a mailto fallback, and a retry that succeeds once", async () => {
    const { page, context } = await newPage();
    await open(page, "/contact");
    let intercepted = 0;
    // The requests fail; the form's token (a GET, on first focus) still comes from the server.
    await page.route("**/api/consultation", (route) => {
      if (route.request().method() !== "POST") return route.continue();
      intercepted += 1;
      return route.fulfill({ status: 503, contentType: "application/json", body: '{"error":"down"}' });
    });
    const form = page.locator("main form");
    await formReady(form);
    const email = uniqueEmail("failure");
    await fill(form, email);
    await form.getByRole("button", { name: "Book my free consultation" }).click();
    await page.mouse.move(1200, 100);

    await assertToastBottomLeft(page, FAILED);
    assert.equal(intercepted, 1);
    await form.getByRole("heading", { name: "Your request has not been sent" }).waitFor();
    assert.deepEqual(await values(form), { name: "Mary Seacole", email, details: DETAILS, consent: true });
    const mailto = form.getByRole("link", {
      name: /Email your request to hello@copperlinelabs\.com instead/,
    });
    const href = new URL((await mailto.getAttribute("href"))!);
    assert.equal(href.protocol, "mailto:");
    assert.equal(href.pathname, "hello@copperlinelabs.com");
    assert.match(href.searchParams.get("body")!, new RegExp(DETAILS));
    assert.equal(await toast(page, SENT).count(), 0);
    assert.equal(outboxLines().filter((l) => l.fields.email === email).length, 0);

    // The server is back: the retry delivers the same request, stored once.
    await page.unroute("**/api/consultation");
    await form.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("heading", { name: "Thank you, we have your request" }).waitFor();
    await toast(page, SENT).waitFor();
    const lines = await waitForRequest(email);
    assert.equal(new Set(lines.map((l) => l.id)).size, 1);
    await context.close();
  });

  test("a network error also keeps everything and offers the retry", async () => {
    const { page, context } = await newPage();
    await open(page, "/contact");
    await page.route("**/api/consultation", (route) => route.abort("connectionrefused"));
    const form = page.locator("main form");
    const email = uniqueEmail("offline");
    await fill(form, email);
    await form.getByRole("button", { name: "Book my free consultation" }).click();
    await toast(page, FAILED).waitFor();
    await form.getByText(/could not reach our server/).waitFor();
    assert.deepEqual(await values(form), { name: "Mary Seacole", email, details: DETAILS, consent: true });
    await form.getByRole("button", { name: "Try again" }).waitFor();
    await context.close();
  });

  test("offline before the form's checks have loaded: nothing is lost, and the retry works once back online", async () => {
    const { page, context } = await newPage();
    await open(page, "/contact");
    const form = page.locator("main form");
    await formReady(form);
    // The checks (the shared schema) load when the form is first focused: offline, they cannot.
    await context.setOffline(true);
    const email = uniqueEmail("offline-checks");
    await fill(form, email);
    await form.getByRole("button", { name: "Book my free consultation" }).click();
    await form.getByText(/could not reach our server/).waitFor();
    assert.deepEqual(await values(form), { name: "Mary Seacole", email, details: DETAILS, consent: true });

    await context.setOffline(false);
    await form.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("heading", { name: "Thank you, we have your request" }).waitFor();
    const lines = await waitForRequest(email);
    assert.equal(new Set(lines.map((l) => l.id)).size, 1);
    await context.close();
  });

  test("typed before the page's script has run: what the visitor typed stays in the form and is sent", async () => {
    const { page, context } = await newPage();
    // A slow phone: the form is on screen well before the app bundle has arrived and hydrated.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/app-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/contact", { waitUntil: "domcontentloaded" });
    const form = page.locator("main form");
    const email = uniqueEmail("before-hydration");
    await form.getByLabel("Full name").pressSequentially("Mary Seacole");
    await form.getByLabel("Work email").fill(email);
    await form.getByLabel("Budget range").selectOption({ label: "£50,000 to £100,000" });
    await form.getByRole("checkbox", { name: /may contact me/ }).check();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.hydrated), undefined);

    release();
    await formReady(form);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    assert.deepEqual(await values(form), { name: "Mary Seacole", email, details: "", consent: true });
    assert.equal(await form.getByLabel("Budget range").inputValue(), "50k-100k");

    await form.getByLabel("Project details").fill(DETAILS);
    await form.getByRole("button", { name: "Book my free consultation" }).click();
    await page.getByRole("heading", { name: "Thank you, we have your request" }).waitFor();
    const stored = (await waitForRequest(email)).at(-1)!;
    assert.equal(stored.fields.name, "Mary Seacole");
    assert.equal(stored.fields.budget, "50k-100k");
    assert.equal(stored.fields.consent, true);
    await context.close();
  });

  test("while sending, the button is disabled and says so", async () => {
    const { page, context } = await newPage();
    await open(page, "/contact");
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/consultation", async (route) => {
      await held;
      await route.fulfill({ status: 201, contentType: "application/json", body: '{"id":"held-request-id"}' });
    });
    const form = page.locator("main form");
    await fill(form, uniqueEmail("sending"));
    await form.getByRole("button", { name: "Book my free consultation" }).click();
    const button = form.getByRole("button", { name: "Sending your request…" });
    await button.waitFor();
    assert.equal(await button.isDisabled(), true);
    release();
    await page.getByRole("heading", { name: "Thank you, we have your request" }).waitFor();
    await context.close();
  });

  test("a reload keeps the draft; the honeypot is out of reach; controls are at least 24×24", async () => {
    const { page, context } = await newPage();
    await open(page, "/contact");
    const form = page.locator("main form");
    await form.getByLabel("Full name").fill("Florence Nightingale");
    await form.getByLabel("Project details").fill("A half-written message about ward rota planning");
    await page.reload({ waitUntil: "networkidle" });
    await until(
      form.getByLabel("Full name"),
      ([input, name]: [HTMLInputElement, string]) => input.value === name,
      "Florence Nightingale",
    );
    assert.equal(
      await form.getByLabel("Project details").inputValue(),
      "A half-written message about ward rota planning",
    );

    // Tab through the whole form: the honeypot never takes focus.
    await form.getByLabel("Full name").focus();
    const reached: string[] = [];
    for (let i = 0; i < 16; i++) {
      await page.keyboard.press("Tab");
      reached.push(
        await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? ""),
      );
    }
    assert.ok(!reached.includes("website"), `tab order: ${reached.join(", ")}`);
    const trap = form.locator('input[name="website"]');
    assert.equal(await trap.evaluate((el) => el.closest("[aria-hidden='true']") !== null), true);

    const small: string[] = [];
    for (const control of await form.locator("input:not([name=website]), select, textarea, button").all()) {
      const box = await control.boundingBox();
      if (!box || box.width < 24 || box.height < 24)
        small.push(`${await control.getAttribute("name")}: ${JSON.stringify(box)}`);
    }
    assert.deepEqual(small, []);
    await context.close();
  });

  test("/privacy is the notice the consent box links to", async () => {
    const { page, context } = await newPage(DESKTOP);
    await open(page, "/contact");
    const link = page.locator("main form").getByRole("link", { name: /privacy notice/ });
    assert.equal(await link.getAttribute("href"), "/privacy");
    const response = await page.goto("/privacy");
    assert.equal(response?.status(), 200);
    await page.getByRole("heading", { level: 1, name: "How we handle the details you send us" }).waitFor();
    await page.getByText("hello@copperlinelabs.com").first().waitFor();
    await context.close();
  });
});
