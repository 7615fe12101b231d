//! A typed form that saves into SQLite: `gallery_signup_form` shows the form for `Signup`,
//! its submit calls `save_signup`, which takes a `FormInput<Signup>` (the model sees
//! `Signup`'s schema): a valid sign-up is inserted and the page shown again with every saved
//! row below the form; a submission with mistakes comes back as the same form, values kept
//! and each mistake under its field.
use prefab::auto::auto_table;
use prefab::display::{DisplayOptions, ToolResult, display_error, display_with};
use prefab::forms::FormSpec;
use prefab::{Column, Form, Heading, Muted};
use prefab_mcp::FormInput;
use rmcp::model::CallToolResponse;
use rusqlite::Connection;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::{Arc, Mutex};

/// What the sign-up form asks for (its fields come from this type's JSON Schema).
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, schemars::JsonSchema)]
pub struct Signup {
    /// Your full name.
    pub name: String,
    /// Where we can reach you.
    #[schemars(email)]
    pub email: String,
    /// Team size.
    #[schemars(range(min = 1, max = 500))]
    pub seats: u32,
    /// Send me the monthly newsletter.
    pub newsletter: bool,
}

/// The saved sign-ups, in a SQLite file.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("signups-doc-{}", std::process::id()));
/// let store = examples::gallery::Signups::open_in(&dir).unwrap();
/// let args = serde_json::json!({"name": "Ada", "email": "ada@example.com", "seats": "3", "newsletter": "on"});
/// let form = prefab_mcp::FormInput::new(examples::gallery::SAVE_TOOL, args);
/// let rmcp::model::CallToolResponse::Complete(result) = store.save(form) else { panic!() };
/// let shown = serde_json::to_string(&result.structured_content).unwrap();
/// assert!(shown.contains("ada@example.com") && shown.contains("Saved sign-ups (1)"));
/// assert_eq!(store.rows().unwrap().len(), 1);
/// # std::fs::remove_dir_all(&dir).ok();
/// ```
#[derive(Debug, Clone)]
pub struct Signups {
    db: Arc<Mutex<Connection>>,
}

/// The tool the form's submit button calls.
pub const SAVE_TOOL: &str = "save_signup";

impl Signups {
    /// Opens (or creates) `signups.sqlite3` in `dir`.
    ///
    /// # Errors
    /// When the folder or the database cannot be created.
    pub fn open_in(dir: impl AsRef<Path>) -> Result<Self, String> {
        let dir = dir.as_ref();
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let path = dir.join("signups.sqlite3");
        let db = Connection::open(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        // Two servers may share a data directory (two hosts each start one).
        db.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        db.execute_batch(
            "CREATE TABLE IF NOT EXISTS signups (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                email TEXT NOT NULL,
                seats INTEGER NOT NULL,
                newsletter INTEGER NOT NULL
            )",
        )
        .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Self {
            db: Arc::new(Mutex::new(db)),
        })
    }

    /// Every saved sign-up, oldest first.
    ///
    /// # Errors
    /// A database error.
    pub fn rows(&self) -> Result<Vec<Signup>, String> {
        let db = self
            .db
            .lock()
            .map_err(|_| "the sign-up store is poisoned")?;
        let mut query = db
            .prepare("SELECT name, email, seats, newsletter FROM signups ORDER BY id")
            .map_err(|e| e.to_string())?;
        let rows = query
            .query_map([], |row| {
                Ok(Signup {
                    name: row.get(0)?,
                    email: row.get(1)?,
                    seats: row.get(2)?,
                    newsletter: row.get(3)?,
                })
            })
            .map_err(|e| e.to_string())?;
        rows.collect::<Result<_, _>>().map_err(|e| e.to_string())
    }

    /// The sign-up page: the empty form (submitting to [`SAVE_TOOL`]) and the saved rows.
    #[must_use]
    pub fn view(&self) -> ToolResult {
        match FormSpec::for_type::<Signup>(SAVE_TOOL) {
            Ok(spec) => self.shown(spec.submit_label(SUBMIT).view(), None),
            Err(e) => display_error(format!("sign-up form: {e}")),
        }
    }

    /// `form` (empty, or shown again with its errors) above the saved rows.
    fn page(&self, form: Form, notice: Option<&str>) -> Column {
        let mut column = Column::new().child(Heading::new("Sign up")).child(form);
        if let Some(notice) = notice {
            column = column.child(Muted::new(notice));
        }
        let table = self
            .rows()
            .and_then(|rows| Ok((rows.len(), auto_table(&rows).map_err(|e| e.to_string())?)));
        match table {
            Ok((count, table)) => {
                column = column.child(Heading::new(format!("Saved sign-ups ({count})")).level(3));
                if count > 0 {
                    column = column.child(table);
                }
            }
            Err(e) => column = column.child(Muted::new(format!("Cannot read the sign-ups: {e}"))),
        }
        column
    }

    fn shown(&self, form: Form, notice: Option<&str>) -> ToolResult {
        let page = self.page(form, notice);
        display_with(page, &DisplayOptions::new().title("Sign-ups"))
    }

    /// Saves a submitted sign-up and shows the page again with it listed; a submission with
    /// mistakes comes back as the form with each under its field and the values kept.
    #[must_use]
    pub fn save(&self, form: FormInput<Signup>) -> CallToolResponse {
        let form = form.submit_label(SUBMIT);
        let signup = match form.parse_in(|form| self.page(form, None)) {
            Ok(signup) => signup,
            Err(form) => return form,
        };
        let saved = self
            .db
            .lock()
            .map_err(|_| "the sign-up store is poisoned".to_string())
            .and_then(|db| {
                db.execute(
                    "INSERT INTO signups (name, email, seats, newsletter) VALUES (?1, ?2, ?3, ?4)",
                    rusqlite::params![signup.name, signup.email, signup.seats, signup.newsletter],
                )
                .map_err(|e| e.to_string())
            });
        let page = match (saved, FormSpec::for_type::<Signup>(SAVE_TOOL)) {
            (Ok(_), Ok(spec)) => {
                let notice = format!("Saved {}.", signup.email);
                self.shown(spec.submit_label(SUBMIT).view(), Some(&notice))
            }
            (Err(e), _) => display_error(format!("saving the sign-up: {e}")),
            (_, Err(e)) => display_error(format!("sign-up form: {e}")),
        };
        prefab_mcp::call_tool_result(page).into()
    }
}

/// The submit button's label.
const SUBMIT: &str = "Sign up";

#[rmcp::tool_router(vis = "pub")]
impl Signups {
    #[rmcp::tool(
        description = "Gallery: a typed sign-up form (FormInput) that saves into SQLite and lists the saved rows",
        meta = prefab_mcp::ui_tool_meta()
    )]
    pub async fn gallery_signup_form(&self) -> rmcp::model::CallToolResult {
        prefab_mcp::call_tool_result(self.view())
    }

    #[rmcp::tool(
        description = "Saves a sign-up (name, email, seats 1-500, newsletter); shows the form for what is missing or wrong, then the saved rows",
        input_schema = prefab_mcp::form_schema::<Signup>(),
        meta = prefab_mcp::ui_tool_meta()
    )]
    pub async fn save_signup(&self, form: FormInput<Signup>) -> CallToolResponse {
        self.save(form)
    }
}
