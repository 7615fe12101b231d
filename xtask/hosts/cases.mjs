// The UI tools of `prefab serve` as the hosts suite opens them: every tool whose `_meta.ui`
// names a resource, with the arguments it is called with, the text its view must show, and
// for two of them a step the view takes that calls a tool through the host.
import { GALLERY_HEADINGS, mcpCall, until } from "../../prefab-cli/tests/browser/support.mjs";

/** A tool called over MCP from node (the server's side of what a view did). */
async function call(endpoint, name, args = {}) {
  const result = await mcpCall(endpoint, "tools/call", { name, arguments: args });
  if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content).slice(0, 300)}`);
  return result;
}

const allText = (result) => result.content.map((c) => c.text ?? "").join("\n");

/** Fills `values` (input name → text) in the view's form and submits it. */
async function submitForm(frame, values) {
  for (const [name, text] of Object.entries(values)) await frame.fill(`form [name="${name}"]`, text);
  await frame.click("form button[type=submit]");
}

/**
 * The cases for one host (`label` keeps what each host saves apart): `{name, args, text, act,
 * missing}`, in the server's order. `act(frame)` takes a step in the view (most call a tool
 * through the host and resolve once the server has its effect). A UI tool added to the server without a
 * case here is opened with no arguments and must show some text; one with required
 * arguments fails until it gets a case.
 */
export async function uiCases(endpoint, label) {
  const { tools } = await mcpCall(endpoint, "tools/list", {});
  const firstUser = /\| 1 \| ([^|]+?) \|/.exec(allText(await call(endpoint, "show_users")))?.[1];
  const board = (await call(endpoint, "open_board")).structuredContent.state.board;
  const card = `Card from ${label}`;
  const signup = { name: `${label} Form`, email: `${label.toLowerCase()}.form@example.com`, seats: "4" };
  const known = {
    show_users: { text: firstUser },
    // An address the browser lets through and the server refuses: the form comes back.
    invite_user: { args: { email: `${label.toLowerCase()}@localhost`, role: "editor" }, text: "must be an email address" },
    render_ui: {
      args: { view: { type: "Column", children: [{ type: "H2", content: `Rendered in ${label}` }] } },
      text: `Rendered in ${label}`,
    },
    save_signup: {
      args: { name: `${label} Direct`, email: `${label.toLowerCase()}.direct@example.com`, seats: 2, newsletter: false },
      text: `${label} Direct`,
    },
    open_board: {
      text: board.title,
      act: async (frame) => {
        await frame.fill('input[name="newCard"]', card);
        await frame.getByRole("button", { name: "Add card" }).click();
        await until(`"${card}" on the server's board`, async () => {
          const now = (await call(endpoint, "open_board", { board: board.id })).structuredContent.state.board;
          return now.columns.some((c) => c.cards.some((k) => k.title === card));
        });
        await until(`"${card}" in the view`, async () => (await frame.textContent("body")).includes(card));
      },
    },
    // The media view's Image has a `data:` URL, and the policy (no `resourceDomains`) has
    // `img-src 'none'`: the renderer draws it without a fetch, inline as sanitised SVG.
    gallery_media: {
      act: async (frame) => {
        await until("the media view's data: image drawn", async () => (await frame.locator('svg[role="img"], canvas[role="img"]').count()) > 0);
      },
    },
    gallery_signup_form: {
      act: async (frame) => {
        await submitForm(frame, signup);
        await until(`"${signup.name}" saved on the server`, async () => allText(await call(endpoint, "gallery_signup_form")).includes(signup.name));
        await until(`"${signup.name}" listed in the view`, async () => (await frame.textContent("body")).includes(signup.name));
      },
    },
  };
  return tools
    .filter((tool) => tool._meta?.ui?.resourceUri)
    .map((tool) => {
      const given = known[tool.name] ?? {};
      const missing = known[tool.name] ? [] : (tool.inputSchema?.required ?? []);
      const text = given.text ?? GALLERY_HEADINGS[tool.name] ?? "";
      return { name: tool.name, args: given.args ?? {}, text, act: given.act, missing };
    });
}
