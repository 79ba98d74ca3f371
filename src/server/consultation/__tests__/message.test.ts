/** @jest-environment node */
import { emailHtml, emailSubject, escapeHtml, replyToName } from "../message";
import { outboxRecord as record } from "../../../../test/consultation";

describe("the email", () => {
  test("escapes the visitor's text in HTML and keeps line breaks", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;");
    const html = emailHtml(record());
    expect(html).toContain("Grace &#60;Hopper&#62;");
    expect(html).toContain("Compilers &#38; &#60;b&#62;bugs&#60;/b&#62;, line one<br>line two");
    expect(html).not.toContain("<b>bugs");
  });

  test("the subject names the visitor and, when given, the company", () => {
    expect(emailSubject(record())).toBe("Consultation request from Grace <Hopper>");
    expect(emailSubject(record({ fields: { ...record().fields, company: "Navy" } }))).toBe(
      "Consultation request from Grace <Hopper>, Navy",
    );
  });
});

describe("names in the email", () => {
  test("the Reply-To display name cannot carry an address or reorder text", () => {
    expect(replyToName('Eve "ceo@bank.example" <ceo@bank.example>, x')).toBe(
      "Eve ceo bank.example ceo bank.example x",
    );
    expect(replyToName("\u202Eevil\u202C Ad\u200Ba")).toBe("evil Ada");
    expect(replyToName("Ada Lovelace")).toBe("Ada Lovelace");
  });
});
