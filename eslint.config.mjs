import js from "@eslint/js";
import tseslint from "typescript-eslint";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";
import importX from "eslint-plugin-import-x";
import { layerZones, toolingZones } from "./eslint.layers.mjs";

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      "public",
      ".cache",
      ".netlify",
      "src/gatsby-types.d.ts",
      "coverage",
      ".lighthouseci",
      "bench/fixture/.cache",
      "bench/fixture/public",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: {
      globals: { ...globals.browser, ...globals.node, ...globals.jest },
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    settings: { react: { version: "18" } },
    rules: {
      ...react.configs.recommended.rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      "react/react-in-jsx-scope": "off",
      "react/prop-types": "off",
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-require-imports": "off",
      // `const { secret, ...rest } = obj` is how a field is left out of a copy.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
    },
  },
  {
    // The layers (docs/architecture.md): see eslint.layers.mjs.
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver": { node: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] } },
      // Which files import-x follows (no-cycle reads the modules an import leads to) and how it parses them.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: layerZones }],
      // A module never imports itself back through another (issue 30): a cycle hides which
      // module is the lower one.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // What runs in the browser renders without zod: the consultation schema loads only when a
    // visitor starts the form (src/components/ConsultationForm/ConsultationForm.validation.ts, ADR 0009).
    files: ["src/**/*.{ts,tsx}"],
    ignores: [
      "**/__tests__/**",
      "src/server/**",
      "src/api/**",
      "src/components/ConsultationForm/ConsultationForm.validation.ts",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "zod",
              message: "zod stays off the first load: validate in a module loaded with import().",
            },
          ],
          patterns: [
            {
              group: ["**/schemas/consultation"],
              allowTypeImports: true,
              message:
                "Import the form's facts from schemas/consultationFacts; the zod rules load with validation.ts (ADR 0009).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/**", "gatsby/**", "shared/**", "schemas/**"],
    ignores: ["**/__tests__/**"],
    plugins: { "import-x": importX },
    rules: { "import-x/no-restricted-paths": ["error", { zones: [...layerZones, ...toolingZones] }] },
  },
);
