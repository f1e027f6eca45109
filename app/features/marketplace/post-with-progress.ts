import { UNSAFE_decodeViaTurboStream } from "react-router";

/**
 * Posts `body` as React Router's own fetcher would — to the route's `.data`
 * URL, the answer a turbo-stream — but with XMLHttpRequest, because fetch()
 * cannot tell how much of a request body has been sent. So the server, its
 * answer and the form's messages are the same as without photos. Loaded only
 * when a form with photos is sent (decision 0018).
 */
export function postWithProgress(url: string, body: FormData, onProgress: (fraction: number) => void) {
  const target = new URL(url, window.location.origin);
  // As React Router names it: "/sell" answers its data at "/sell.data".
  target.pathname = `${target.pathname.replace(/\/$/, "")}.data`;
  return new Promise<unknown>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", target);
    xhr.responseType = "blob";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = xhr.onabort = () => reject(new Error("The upload did not complete"));
    xhr.onload = () => {
      // A failure outside the app (a proxy's 413, say) has no turbo-stream to read.
      if (xhr.status >= 400 && !xhr.getResponseHeader("X-Remix-Response")) {
        reject(new Error(`The server answered ${xhr.status}`));
        return;
      }
      const stream = new Response(xhr.response as Blob).body;
      if (!stream) return reject(new Error("The server sent no answer"));
      UNSAFE_decodeViaTurboStream(stream, window).then(({ value }) => {
        const answer = value as { data?: unknown };
        if (answer && typeof answer === "object" && "data" in answer) resolve(answer.data);
        else reject(new Error("The server's answer was not the form's"));
      }, reject);
    };
    xhr.send(body);
  });
}
