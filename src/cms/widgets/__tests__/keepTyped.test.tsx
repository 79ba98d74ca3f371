import * as React from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { keepTyped, type ControlProps } from "../keepTyped";

/** A text control as Decap's string widget is: an input fed from the store through `value`. */
class TextControl extends React.Component<ControlProps> {
  render() {
    return (
      <input
        type="text"
        aria-label="Headline"
        value={String(this.props.value ?? "")}
        onChange={(e) => this.props.onChange(e.target.value)}
      />
    );
  }
}
const KeptText = keepTyped(TextControl);

/**
 * A store that has the changes at once but whose form re-renders the field later than the key's
 * own commit, as Decap's did in the seconds after an entry's images arrived: here, only when told.
 */
function Form({
  Control,
  initial = "Budgeting",
}: {
  Control: React.ComponentType<ControlProps>;
  initial?: unknown;
}) {
  const store = React.useRef(initial);
  const [shown, setShown] = React.useState(store.current);
  return (
    <>
      <Control
        value={shown}
        onChange={(value) => {
          store.current = value;
        }}
      />
      <button type="button" onClick={() => setShown(store.current)}>
        Catch up
      </button>
      <output aria-label="Stored">{String(store.current)}</output>
    </>
  );
}

test("a field whose form re-renders late loses the keys typed meanwhile (what Decap's did)", async () => {
  render(<Form Control={TextControl} />);
  await userEvent.type(screen.getByRole("textbox", { name: "Headline" }), " daily");
  // Each key goes back out; the store ends with the last one alone.
  expect(screen.getByRole("textbox", { name: "Headline" })).toHaveValue("Budgeting");
});

test("the kept field holds every key typed while the form catches up, and the store gets each change", async () => {
  render(<Form Control={KeptText} />);
  const field = screen.getByRole("textbox", { name: "Headline" });
  await userEvent.type(field, " daily");
  expect(field).toHaveValue("Budgeting daily");
  await userEvent.click(screen.getByRole("button", { name: "Catch up" }));
  expect(screen.getByRole("textbox", { name: "Headline" })).toHaveValue("Budgeting daily");
  expect(screen.getByRole("status", { name: "Stored" })).toHaveTextContent("Budgeting daily");
});

test("without focus the kept field shows the stored value (a change made elsewhere: a restored draft)", async () => {
  function Outside() {
    const [value, setValue] = React.useState("Budgeting");
    return (
      <>
        <KeptText value={value} onChange={(v) => setValue(String(v))} />
        <button type="button" onClick={() => setValue("Restored headline")}>
          Restore
        </button>
      </>
    );
  }
  render(<Outside />);
  const field = screen.getByRole("textbox", { name: "Headline" });
  await userEvent.type(field, "!");
  expect(field).toHaveValue("Budgeting!");
  // Clicking the button moves focus off the field: the field shows the store's value again.
  await userEvent.click(screen.getByRole("button", { name: "Restore" }));
  expect(field).toHaveValue("Restored headline");
});

/**
 * A number control as Decap's is: an <input type="number"> fed through `value`, whose `isValid`
 * (which Decap calls on the control it holds before a save) checks the field's range.
 */
class YearControl extends React.Component<ControlProps> {
  isValid = () => {
    const year = this.props.value;
    return typeof year === "number" && (year < 2010 || year > 2030)
      ? { error: { type: "RANGE", message: "Year must be between 2010 and 2030." } }
      : true;
  };

  render() {
    return (
      <input
        type="number"
        aria-label="Year"
        value={typeof this.props.value === "number" ? this.props.value : ""}
        onChange={(e) => {
          const year = parseInt(e.target.value, 10);
          this.props.onChange(Number.isNaN(year) ? "" : year);
        }}
      />
    );
  }
}
const KeptYear = keepTyped(YearControl);

test("a number field whose form re-renders late loses digits as the text fields did; kept, it holds them", async () => {
  const { unmount } = render(<Form Control={YearControl} initial={2019} />);
  await userEvent.type(screen.getByRole("spinbutton", { name: "Year" }), "{Backspace}8");
  expect(screen.getByRole("spinbutton", { name: "Year" })).toHaveValue(2019);
  unmount();

  render(<Form Control={KeptYear} initial={2019} />);
  const field = screen.getByRole("spinbutton", { name: "Year" });
  await userEvent.type(field, "{Backspace}8");
  expect(field).toHaveValue(2018);
  await userEvent.click(screen.getByRole("button", { name: "Catch up" }));
  expect(screen.getByRole("spinbutton", { name: "Year" })).toHaveValue(2018);
  expect(screen.getByRole("status", { name: "Stored" })).toHaveTextContent("2018");
});

test("the kept field answers Decap's isValid with the wrapped control's: a year out of range is refused", async () => {
  const control = React.createRef<React.Component<ControlProps> & { isValid: () => unknown }>();
  function Outside() {
    const [value, setValue] = React.useState<unknown>(2019);
    return <KeptYear ref={control as never} value={value} onChange={setValue} />;
  }
  render(<Outside />);
  const field = screen.getByRole("spinbutton", { name: "Year" });
  await userEvent.clear(field);
  await userEvent.type(field, "1999");
  expect(control.current!.isValid()).toEqual({
    error: { type: "RANGE", message: "Year must be between 2010 and 2030." },
  });
  await userEvent.clear(field);
  await userEvent.type(field, "2021");
  expect(control.current!.isValid()).toBe(true);
});
