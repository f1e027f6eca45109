// React Router's <Scripts> has the browser fetch a page's whole hydration
// code (about 170 KB) at once, before anything is painted: modulepreload links
// that React hoists into the head, and an inline module script whose imports
// download as soon as it is parsed. On a phone on a slow connection those
// downloads share the line with the page's HTML, styles and first image and
// hold back the first paint. The page needs none of it to be drawn or used
// (every link and form works without JavaScript), so the document asks for it
// only once the page has loaded and painted: the preload links are left out,
// and a small classic script adds them after the load event and writes the
// module script, with the nonce of the script that wrote it. Decision 0019.
import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
// React writes the attributes in the order <Scripts> gives them: the nonce
// (when there is one), then type and async.
const MODULE_SCRIPT_START = /<script((?: [a-z-]+="[^"]*")*) type="module" async="">/;
const MODULE_SCRIPT = new RegExp(String.raw`${MODULE_SCRIPT_START.source}([\s\S]*?)<\/script>`);

/**
 * The classic script that, after the load event and the next paint, asks for
 * the `preloads` all at once (rather than each as the one before it is read)
 * and writes `code` as a module script. Its text sat in a script already, so
 * it holds no "</script"; JSON.stringify makes it a string literal.
 */
function startAfterLoad(code: string, preloads: string[]) {
  return (
    '((code,preloads,nonce)=>addEventListener("load",()=>requestAnimationFrame(()=>setTimeout(()=>{' +
    'for(const href of preloads){const link=document.createElement("link");link.rel="modulepreload";' +
    "link.href=href;document.head.append(link)}" +
    'const script=document.createElement("script");script.type="module";script.nonce=nonce;' +
    "script.textContent=code;document.head.append(script)}))))" +
    `(${JSON.stringify(code)},${JSON.stringify(preloads)},document.currentScript.nonce)`
  );
}

/**
 * Rewrites one document, piece by piece: the preloads it takes out of the head
 * are kept for the module script, which comes later, to ask for after load.
 */
export function documentRewriter() {
  const preloads: string[] = [];
  return (html: string) =>
    html
      .replace(MODULE_PRELOAD, (_, href: string) => {
        preloads.push(href);
        return "";
      })
      .replace(
        MODULE_SCRIPT,
        (_, attributes: string, code: string) => `<script${attributes}>${startAfterLoad(code, preloads)}</script>`,
      );
}

/**
 * Where the text can be cut so that no tag, and no module script, is split:
 * before a tag whose ">" has not come yet, or a module script whose end has not.
 */
function safeEnd(text: string) {
  let end = text.length;
  const lastTag = text.lastIndexOf("<");
  if (lastTag !== -1 && !text.includes(">", lastTag)) end = lastTag;
  const script = MODULE_SCRIPT_START.exec(text);
  if (script && !text.includes("</script>", script.index)) end = Math.min(end, script.index);
  return end;
}

/** Rewrites a streamed document as it passes, holding back only an unfinished tag or module script. */
export function hydrateAfterLoad() {
  const rewrite = documentRewriter();
  const decoder = new StringDecoder("utf8");
  let held = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = held + decoder.write(chunk);
      const end = safeEnd(text);
      held = text.slice(end);
      callback(null, end > 0 ? rewrite(text.slice(0, end)) : undefined);
    },
    flush(callback) {
      const rest = held + decoder.end();
      callback(null, rest ? rewrite(rest) : undefined);
    },
  });
}
