import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// One way to build a redirect, whose target is always made safe.
const redirectImports = {
  name: "react-router",
  importNames: ["redirect", "redirectDocument", "replace"],
  message: "Redirect with redirectInside or redirectOutside (app/server/redirects.server.ts).",
};

const featureImports = {
  group: ["~/features/*", "**/features/*"],
  message:
    "app/server is infrastructure and never imports a domain (app/features): pass what it needs in, or move it to app/server or app/lib (CONTRIBUTING.md).",
};

export default tseslint.config(
  { ignores: ["build/", "data/", ".react-router/", "node_modules/", "test-results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/**"],
    rules: {
      // One way to read a body, with limits and a 4xx for what cannot be read.
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.property.name=/^(formData|json|text|arrayBuffer|blob|bytes)$/]:matches([callee.object.name='request'], [callee.object.property.name='request'])",
          message:
            "Read the body with readFormData (app/server/form-data.server.ts): a body it cannot read is a 4xx, not a 500.",
        },
      ],
      "no-restricted-imports": [
        "error",
        {
          paths: [redirectImports],
        },
      ],
    },
  },
  // Infrastructure never depends on a domain (CONTRIBUTING.md, "Where things go"): what
  // app/server needs from one is passed in, or is not the domain's to hold. A later block's
  // rule replaces an earlier one's, so the redirect rule is repeated here.
  {
    files: ["app/server/**"],
    rules: {
      "no-restricted-imports": ["error", { paths: [redirectImports], patterns: [featureImports] }],
    },
  },
  // The one place that builds redirects, still kept from the domains.
  {
    files: ["app/server/redirects.server.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [featureImports] }] },
  },
);
