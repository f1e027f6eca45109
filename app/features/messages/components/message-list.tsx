import { formatLondonDateTime } from "~/lib/dates";
import { cn } from "~/lib/utils";

interface Message {
  id: number;
  body: string;
  from: string;
  mine: boolean;
  createdAt: Date;
}

/**
 * A thread's messages, oldest first; text only, as written (React escapes every character).
 * A word or link longer than the bubble breaks inside it (`overflow-wrap: anywhere`, which, unlike
 * `break-word`, also lets the bubble and the list shrink to the screen): without it one long link made
 * the whole page as wide as the link on a phone (issue #50).
 */
export function MessageList({ messages, label }: { messages: Message[]; label: string }) {
  return (
    <ol aria-label={label} className="grid min-w-0 grid-cols-1 gap-3">
      {messages.map((message) => (
        <li
          key={message.id}
          className={cn(
            "max-w-[85%] min-w-0 rounded-xl border p-4 wrap-anywhere",
            message.mine
              ? "justify-self-end border-brand-200 bg-brand-50"
              : "justify-self-start border-slate-200 bg-white",
          )}
        >
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-slate-900">{message.from}</span> ·{" "}
            <time dateTime={message.createdAt.toISOString()}>{formatLondonDateTime(message.createdAt)}</time>
          </p>
          <p className="mt-1 whitespace-pre-line text-slate-900">{message.body}</p>
        </li>
      ))}
    </ol>
  );
}
