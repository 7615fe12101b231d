//! `book_meeting`: a data-only tool whose typed arguments make an input schema with a bit of
//! everything a form has to handle (an enum behind `$ref` with labelled values, a date-time,
//! an optional date, a bounded number, booleans, a nested struct, a list of enum values,
//! optional fields). It books nothing: it answers with the booking it read, so a host's form
//! can be checked against what the server got.
use chrono::{DateTime, FixedOffset, NaiveDate};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, ContentBlock};
use rmcp::{ServerHandler, tool, tool_handler, tool_router};
use serde::{Deserialize, Serialize};

/// The server with the `book_meeting` tool.
///
/// ```
/// use rmcp::ServerHandler;
/// let server = examples::meetings::Meetings;
/// assert!(server.get_info().capabilities.tools.is_some());
/// assert_eq!(examples::meetings::Meetings::tool_router().list_all()[0].name, "book_meeting");
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Meetings;

/// A meeting to book: the arguments of `book_meeting`.
///
/// ```
/// let booking: examples::meetings::Booking = serde_json::from_value(serde_json::json!({
///     "title": "Planning", "room": "atlas", "starts_at": "2026-03-04T10:30:00+01:00",
///     "minutes": 45, "organizer": {"name": "Ada", "email": "ada@example.com"}
/// })).unwrap();
/// assert_eq!(booking.room, examples::meetings::Room::Atlas);
/// assert!(!booking.remote && booking.note.is_none());
/// ```
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, schemars::JsonSchema)]
pub struct Booking {
    /// What the meeting is about.
    #[schemars(length(min = 1, max = 80))]
    pub title: String,
    /// Where it takes place.
    pub room: Room,
    /// When it starts, with the booker's UTC offset.
    pub starts_at: DateTime<FixedOffset>,
    /// How long it lasts, in minutes (quarter hours).
    #[schemars(range(min = 15, max = 240), extend("multipleOf" = 15))]
    pub minutes: u32,
    /// Who books the room.
    pub organizer: Person,
    /// Whether attendees may join by video.
    #[serde(default)]
    pub remote: bool,
    /// Whether lunch should be ordered; unset leaves it to the office.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub catering: Option<bool>,
    /// What to set up in the room.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub equipment: Vec<Equipment>,
    /// The day by which attendees should answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_by: Option<NaiveDate>,
    /// When to remind the attendees.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reminder: Option<Reminder>,
    /// A note for the attendees.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 1000))]
    pub note: Option<String>,
}

/// The rooms that can be booked (the variants' docs label them in a form).
///
/// ```
/// let room: examples::meetings::Room = serde_json::from_str("\"cosmos\"").unwrap();
/// assert_eq!(room, examples::meetings::Room::Cosmos);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Room {
    /// Atlas (4 seats)
    Atlas,
    /// Borealis (10 seats)
    Borealis,
    /// Cosmos (30 seats, stage)
    Cosmos,
}

/// Someone taking part.
///
/// ```
/// let ada: examples::meetings::Person =
///     serde_json::from_value(serde_json::json!({"name": "Ada", "email": "ada@example.com"})).unwrap();
/// assert_eq!(ada.name, "Ada");
/// ```
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, schemars::JsonSchema)]
pub struct Person {
    /// Their name.
    #[schemars(length(min = 1))]
    pub name: String,
    /// Their email address.
    #[schemars(email)]
    pub email: String,
}

/// Equipment a room can be set up with. Its variants have no docs on purpose: the schema is a
/// plain `enum` of names (with docs it would be a `oneOf` of labelled `const`s, as [`Room`]).
///
/// ```
/// let list: Vec<examples::meetings::Equipment> = serde_json::from_str(r#"["projector", "camera"]"#).unwrap();
/// assert_eq!(list[1], examples::meetings::Equipment::Camera);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Equipment {
    Projector,
    Whiteboard,
    Camera,
}

/// When the attendees are reminded.
///
/// ```
/// let when: examples::meetings::Reminder = serde_json::from_str("\"quarter_hour\"").unwrap();
/// assert_eq!(when, examples::meetings::Reminder::QuarterHour);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Reminder {
    /// 15 minutes before
    QuarterHour,
    /// An hour before
    Hour,
    /// The day before
    Day,
}

#[tool_router(vis = "pub")]
impl Meetings {
    /// Reads the booking and answers with it (structured) and a one-line summary.
    #[tool(
        description = "Book a meeting room: room, start, length, organizer and options; answers with the booking as read"
    )]
    pub async fn book_meeting(&self, Parameters(booking): Parameters<Booking>) -> CallToolResult {
        let summary = format!(
            "Booked {:?} for {} minutes from {} for {:?}.",
            booking.room,
            booking.minutes,
            booking.starts_at.to_rfc3339(),
            booking.title
        );
        let mut result = CallToolResult::success(vec![ContentBlock::text(summary)]);
        result.structured_content = serde_json::to_value(&booking).ok();
        result
    }
}

#[tool_handler(name = "meetings", instructions = "Books meeting rooms.")]
impl ServerHandler for Meetings {}
