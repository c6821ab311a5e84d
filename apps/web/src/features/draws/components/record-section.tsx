import { CopyButton } from "../../../components/ui/copy-button";
import { shortHash } from "../lib/record-text";

/** A hash shortened for reading, copied whole. */
export function HashValue({ label, value }: { label: string; value: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="font-mono text-xs text-ink" title={value}>
        {shortHash(value)}
      </span>
      <CopyButton value={value} label={label} />
    </span>
  );
}

/** One part of the record's page, titled by its heading. */
export function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-3 rounded-card border border-line bg-surface p-5 shadow-card"
    >
      <h2 id={id} className="text-lg font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}
