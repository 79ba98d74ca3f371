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
function Form({ Control }: { Control: React.ComponentType<ControlProps> }) {
  const store = React.useRef("Budgeting");
  const [shown, setShown] = React.useState(store.current);
  return (
    <>
      <Control
        value={shown}
        onChange={(value) => {
          store.current = String(value);
        }}
      />
      <button type="button" onClick={() => setShown(store.current)}>
        Catch up
      </button>
      <output aria-label="Stored">{store.current}</output>
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
