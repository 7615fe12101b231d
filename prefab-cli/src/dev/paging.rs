//! Reading every page of an MCP list (`tools/list`, `resources/list`, …) from a server whose
//! cursors might never end: at most [`MAX_PAGES`] pages and [`MAX_LIST_BYTES`] of items, and
//! never past a cursor it already gave. The dev relay answers its page with every item;
//! `prefab check` reads the lists it checks the same way.
use rmcp::ErrorData as McpError;
use rmcp::model::{
    ListPromptsResult, ListResourceTemplatesResult, ListResourcesResult, ListToolsResult,
    PaginatedRequestParams, Prompt, Resource, ResourceTemplate, Tool,
};

/// A list result: its items and the cursor of the next page.
pub(crate) trait Paged {
    type Item: serde::Serialize;
    fn parts(&mut self) -> (&mut Vec<Self::Item>, &mut Option<String>);
}

macro_rules! paged {
    ($($list:ty => $items:ident: $item:ty),* $(,)?) => {$(
        impl Paged for $list {
            type Item = $item;
            fn parts(&mut self) -> (&mut Vec<$item>, &mut Option<String>) {
                (&mut self.$items, &mut self.next_cursor)
            }
        }
    )*};
}

paged! {
    ListToolsResult => tools: Tool,
    ListResourcesResult => resources: Resource,
    ListResourceTemplatesResult => resource_templates: ResourceTemplate,
    ListPromptsResult => prompts: Prompt,
}

/// The most pages of one list that are read.
pub(crate) const MAX_PAGES: usize = 100;
/// The most bytes (as JSON) of one list's items that are gathered.
pub(crate) const MAX_LIST_BYTES: usize = 16 * 1024 * 1024;

/// Why gathering a list's pages stopped short.
fn unending(method: &str, why: &str) -> McpError {
    McpError::internal_error(
        format!("the target's {method} does not end: {why}; prefab stopped reading it"),
        None,
    )
}

/// `first` (the answer to a request without cursor) with the items of every later page,
/// each asked for with `next`; its other fields (cache hints, `_meta`) stay the first
/// answer's.
pub(crate) async fn gather<R, F, Fut>(method: &str, mut first: R, next: F) -> Result<R, McpError>
where
    R: Paged,
    F: Fn(PaginatedRequestParams) -> Fut,
    Fut: Future<Output = Result<R, McpError>>,
{
    let (items, cursor) = first.parts();
    let mut cursor = cursor.take();
    let mut bytes = json_size(items);
    let mut seen = std::collections::HashSet::new();
    let mut pages = 1;
    while let Some(current) = cursor {
        if pages >= MAX_PAGES {
            return Err(unending(method, &format!("more than {MAX_PAGES} pages")));
        }
        if !seen.insert(current.clone()) {
            return Err(unending(method, "it gave the same cursor twice"));
        }
        let params = PaginatedRequestParams::default().with_cursor(Some(current));
        let mut answer = next(params).await?;
        pages += 1;
        let (more, after) = answer.parts();
        bytes += json_size(more);
        if bytes > MAX_LIST_BYTES {
            return Err(unending(method, "its items exceed 16 MiB"));
        }
        items.append(more);
        cursor = after.take();
    }
    Ok(first)
}

/// The size of `items` written as JSON.
fn json_size<T: serde::Serialize>(items: &[T]) -> usize {
    serde_json::to_vec(items).map_or(0, |json| json.len())
}
