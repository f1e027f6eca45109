import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/utils";
import { Input, Label, Select } from "./form-controls";

/*
 * Form fields bound to Conform: a label, the control and its first error
 * under it, linked by aria-describedby. Forms are rendered with noValidate,
 * so that the browser's own bubbles never replace our messages; required
 * fields say so with aria-required and a visible mark instead.
 */

function FieldShell({
  meta,
  label,
  hint,
  required,
  children,
  className,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  required?: boolean;
  children: ReactNode;
  className?: string;
}) {
  const error = meta.errors?.[0];
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <div className="flex gap-1">
        <Label htmlFor={meta.id}>{label}</Label>
        {/* Outside the label, so the field's name stays exactly its label; aria-required tells assistive technology. */}
        {required ? (
          <span aria-hidden className="text-sm font-medium text-red-700">
            *
          </span>
        ) : null}
      </div>
      {children}
      {hint ? (
        <p id={`${meta.id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={meta.errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type FieldProps<Props> = {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  required?: boolean;
  className?: string;
} & Omit<Props, "name" | "id" | "defaultValue" | "className">;

function describedBy(meta: FieldMetadata<unknown>, hint?: string) {
  const ids = [hint ? `${meta.id}-hint` : null, meta.errors?.length ? meta.errorId : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

export function TextField({
  meta,
  label,
  hint,
  required,
  className,
  type = "text",
  ...rest
}: FieldProps<ComponentProps<"input">> & {
  type?: "text" | "email" | "tel" | "password" | "date";
}) {
  const { key, ...props } = getInputProps(meta, { type });
  return (
    <FieldShell meta={meta} label={label} hint={hint} required={required} className={className}>
      <Input
        key={key}
        {...props}
        {...rest}
        aria-required={required || undefined}
        aria-describedby={describedBy(meta, hint)}
        className="aria-invalid:border-red-700"
      />
    </FieldShell>
  );
}

export function TextareaField({
  meta,
  label,
  hint,
  required,
  className,
  ...rest
}: FieldProps<ComponentProps<"textarea">>) {
  const { key, ...props } = getTextareaProps(meta);
  return (
    <FieldShell meta={meta} label={label} hint={hint} required={required} className={className}>
      <textarea
        key={key}
        {...props}
        {...rest}
        aria-required={required || undefined}
        aria-describedby={describedBy(meta, hint)}
        className="min-h-32 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-brand-700 aria-invalid:border-red-700 sm:text-sm"
      />
    </FieldShell>
  );
}

export function SelectField({
  meta,
  label,
  hint,
  required,
  className,
  children,
  ...rest
}: FieldProps<ComponentProps<"select">>) {
  const { key, ...props } = getSelectProps(meta);
  return (
    <FieldShell meta={meta} label={label} hint={hint} required={required} className={className}>
      <Select
        key={key}
        {...props}
        {...rest}
        aria-required={required || undefined}
        aria-describedby={describedBy(meta, hint)}
        className="aria-invalid:border-red-700"
      >
        {children}
      </Select>
    </FieldShell>
  );
}

/** A file picker with its label and its message (the server checks the files' content). */
export function FileField({
  meta,
  label,
  ...rest
}: { meta: FieldMetadata<unknown>; label: string } & Pick<ComponentProps<"input">, "accept" | "multiple">) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={meta.id}>{label}</Label>
      <Input
        id={meta.id}
        name={meta.name}
        type="file"
        {...rest}
        aria-invalid={meta.errors?.length ? true : undefined}
        aria-describedby={meta.errors?.length ? meta.errorId : undefined}
      />
      {meta.errors?.[0] ? (
        <p id={meta.errorId} className="text-sm font-medium text-red-700">
          {meta.errors[0]}
        </p>
      ) : null}
    </div>
  );
}

/** Errors about the whole form (rate limit, failure), announced when they appear. */
export function FormErrors({ form }: { form: Pick<FormMetadata, "errors" | "errorId"> }) {
  const errors = form.errors?.filter(Boolean) ?? [];
  if (errors.length === 0) return null;
  return (
    <div id={form.errorId} role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}
