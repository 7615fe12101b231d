//! The conformance server's resources, resource template, prompts and completions.
use super::{Conformance, RED_PIXEL_PNG};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CompleteRequestParams, CompleteResult, CompletionInfo, ContentBlock,
    ListResourceTemplatesResult, ListResourcesResult, PromptMessage, ReadResourceResult, Reference,
    Resource, ResourceContents, ResourceTemplate, Role,
};
use rmcp::{ErrorData, prompt, prompt_router};
use serde_json::json;

/// The text of `test://static-text`.
pub const STATIC_TEXT: &str = "This is the content of the static text resource.";

/// The resource template whose `{id}` is substituted on read.
pub const TEMPLATE: &str = "test://template/{id}/data";

/// The direct resources (`resources/list`): static text, a static PNG and the resource
/// the suite would watch.
#[must_use]
pub fn resources() -> ListResourcesResult {
    let resource = |uri: &str, name: &str, description: &str, mime: &str| {
        Resource::new(uri, name)
            .with_description(description)
            .with_mime_type(mime)
    };
    ListResourcesResult::with_all_items(vec![
        resource(
            "test://static-text",
            "static-text",
            "A static text resource",
            "text/plain",
        ),
        resource(
            "test://static-binary",
            "static-binary",
            "A static binary resource (a 1x1 PNG)",
            "image/png",
        ),
        resource(
            "test://watched-resource",
            "watched-resource",
            "A resource whose text changes on every read",
            "text/plain",
        ),
    ])
}

/// `resources/templates/list`: [`TEMPLATE`].
#[must_use]
pub fn resource_templates() -> ListResourceTemplatesResult {
    ListResourceTemplatesResult::with_all_items(vec![
        ResourceTemplate::new(TEMPLATE, "template-data")
            .with_description("JSON data for the id in the URI")
            .with_mime_type("application/json"),
    ])
}

/// `resources/read` of a fixture URI; an unknown one is JSON-RPC error -32002 with the URI.
///
/// ```
/// let read = examples::conformance::fixtures::read("test://template/42/data").unwrap();
/// let text = serde_json::to_string(&read).unwrap();
/// assert!(text.contains("Data for ID: 42"), "{text}");
/// assert!(examples::conformance::fixtures::read("test://nope").is_err());
/// ```
pub fn read(uri: &str) -> Result<ReadResourceResult, ErrorData> {
    let contents = match uri {
        "test://static-text" => {
            ResourceContents::text(STATIC_TEXT, uri).with_mime_type("text/plain")
        }
        "test://static-binary" => {
            ResourceContents::blob(RED_PIXEL_PNG, uri).with_mime_type("image/png")
        }
        "test://watched-resource" => {
            ResourceContents::text("Watched resource content", uri).with_mime_type("text/plain")
        }
        _ => match template_id(uri) {
            Some(id) => ResourceContents::text(
                json!({"id": id, "templateTest": true, "data": format!("Data for ID: {id}")})
                    .to_string(),
                uri,
            )
            .with_mime_type("application/json"),
            None => {
                return Err(ErrorData::resource_not_found(
                    "unknown resource",
                    Some(json!({ "uri": uri })),
                ));
            }
        },
    };
    Ok(ReadResourceResult::new(vec![contents]))
}

/// The `{id}` of a URI matching [`TEMPLATE`] (one non-empty path segment).
fn template_id(uri: &str) -> Option<&str> {
    let id = uri
        .strip_prefix("test://template/")?
        .strip_suffix("/data")?;
    (!id.is_empty() && !id.contains('/')).then_some(id)
}

/// `completion/complete`: values of the prompt argument or template variable that start
/// with what the client typed so far.
///
/// ```
/// use rmcp::model::{ArgumentInfo, CompleteRequestParams, Reference};
/// let request = CompleteRequestParams::new(
///     Reference::for_prompt("test_prompt_with_arguments"),
///     ArgumentInfo::new("arg1", "par"),
/// );
/// let result = examples::conformance::fixtures::complete(&request).unwrap();
/// assert_eq!(result.completion.values, ["paris", "park", "party"]);
/// ```
pub fn complete(request: &CompleteRequestParams) -> Result<CompleteResult, ErrorData> {
    let candidates: &[&str] = match &request.r#ref {
        Reference::Prompt(prompt) if prompt.name == "test_prompt_with_arguments" => {
            &["paris", "park", "party", "test", "testing"]
        }
        Reference::Resource(resource) if resource.uri == TEMPLATE => &["1", "42", "123"],
        _ => &[],
    };
    let typed = request.argument.value.as_str();
    let values = candidates
        .iter()
        .filter(|c| c.starts_with(typed))
        .map(|c| (*c).to_string())
        .collect();
    CompletionInfo::new(values)
        .map(CompleteResult::new)
        .map_err(|e| ErrorData::internal_error(e, None))
}

/// Arguments of `test_prompt_with_arguments`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
pub struct PromptArgs {
    /// First test argument.
    pub arg1: String,
    /// Second test argument.
    pub arg2: String,
}

/// Arguments of `test_prompt_with_embedded_resource`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmbeddedResourceArgs {
    /// URI of the resource to embed.
    pub resource_uri: String,
}

#[prompt_router(vis = "pub(super)")]
impl Conformance {
    #[prompt(description = "A simple prompt without arguments")]
    async fn test_simple_prompt(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(
            Role::User,
            "This is a simple prompt for testing.",
        )]
    }

    #[prompt(description = "A prompt with two required arguments")]
    async fn test_prompt_with_arguments(
        &self,
        Parameters(args): Parameters<PromptArgs>,
    ) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(
            Role::User,
            format!(
                "Prompt with arguments: arg1='{}', arg2='{}'",
                args.arg1, args.arg2
            ),
        )]
    }

    #[prompt(description = "A prompt embedding the resource given by URI")]
    async fn test_prompt_with_embedded_resource(
        &self,
        Parameters(args): Parameters<EmbeddedResourceArgs>,
    ) -> Vec<PromptMessage> {
        vec![
            PromptMessage::new(
                Role::User,
                ContentBlock::resource(
                    ResourceContents::text(
                        "Embedded resource content for testing.",
                        args.resource_uri,
                    )
                    .with_mime_type("text/plain"),
                ),
            ),
            PromptMessage::new_text(Role::User, "Please process the embedded resource above."),
        ]
    }

    #[prompt(description = "A prompt with image content")]
    async fn test_prompt_with_image(&self) -> Vec<PromptMessage> {
        vec![
            PromptMessage::new(Role::User, ContentBlock::image(RED_PIXEL_PNG, "image/png")),
            PromptMessage::new_text(Role::User, "Please analyze the image above."),
        ]
    }
}
