import * as React from "react";
import {
  FILTER_KEYS,
  facetCounts,
  type FilterKey,
  type FilterOption,
  type FilterOptions,
  type FilterableWork,
  type WorksFilter,
} from "./Portfolio.worksFilter";
import { Field, Fields } from "./Portfolio.styles";

const FIELDS: Record<FilterKey, { label: string; all: string }> = {
  industry: { label: "Industry", all: "All industries" },
  service: { label: "Service", all: "All services" },
  platform: { label: "Platform", all: "All platforms" },
};

/**
 * An option that would leave no case study, given the other filters, is disabled rather than
 * hidden: the list keeps its shape and shows the dead end. The chosen value stays selectable.
 */
function Options({
  options,
  counts,
  selected,
}: {
  options: FilterOption[];
  counts: Map<string, number>;
  selected?: string;
}) {
  const text = (o: FilterOption) => `${o.label} (${counts.get(o.value) ?? 0})`;
  const groups = [...new Set(options.map((o) => o.group))];
  return (
    <>
      {groups.map((group) => {
        const items = options
          .filter((o) => o.group === group)
          .map((o) => (
            <option key={o.value} value={o.value} disabled={!counts.get(o.value) && o.value !== selected}>
              {text(o)}
            </option>
          ));
        return group ? (
          <optgroup key={group} label={group}>
            {items}
          </optgroup>
        ) : (
          <React.Fragment key="ungrouped">{items}</React.Fragment>
        );
      })}
    </>
  );
}

export interface FiltersProps {
  works: readonly FilterableWork[];
  options: FilterOptions;
  filter: WorksFilter;
  /** False until the page has hydrated: the selects only work with JavaScript. */
  enabled: boolean;
  onChange: (key: FilterKey, value: string) => void;
  firstFieldRef?: React.Ref<HTMLSelectElement>;
}

/**
 * One labelled select per filter. Each option shows how many case studies it would leave,
 * given the other filters, so a dead end is visible before it is chosen.
 */
export function Filters({ works, options, filter, enabled, onChange, firstFieldRef }: FiltersProps) {
  return (
    <Fields disabled={!enabled}>
      <legend className="visually-hidden">Filter by</legend>
      {FILTER_KEYS.map((key, i) => {
        const id = `works-filter-${key}`;
        return (
          <Field key={key}>
            <label htmlFor={id}>{FIELDS[key].label}</label>
            <select
              id={id}
              name={key}
              ref={i === 0 ? firstFieldRef : undefined}
              value={filter[key] ?? ""}
              onChange={(event) => onChange(key, event.target.value)}
            >
              <option value="">{FIELDS[key].all}</option>
              <Options
                options={options[key]}
                counts={facetCounts(works, filter, key)}
                selected={filter[key]}
              />
            </select>
          </Field>
        );
      })}
    </Fields>
  );
}
