// React Router's own browser entry, but for one thing: a render error that a
// route's error boundary catches goes to the window as an uncaught one would
// (window.reportError), where the page's error reporting sees it when it is
// on (decision 0080). React's uncaught and recoverable errors (hydration's
// among them) go there already: reportError is React's default for both.
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      {/* Only render errors come with errorInfo; a loader's or action's was reported by the server. */}
      <HydratedRouter onError={(error, { errorInfo }) => errorInfo && reportError(error)} />
    </StrictMode>,
  );
});
