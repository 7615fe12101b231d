//! A typed form that saves into SQLite: `auto_form::<Signup>()` renders the form, its submit
//! calls `save_signup`, which checks the fields (`FormSubmission`), inserts a row and shows
//! the form again with every saved row below it.
use prefab::auto::auto_table;
use prefab::display::{DisplayOptions, ToolResult, display_error, display_with};
use prefab::forms::{FormSubmission, auto_form};
use prefab::{Column, Heading, Muted, Node};
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
/// let args = serde_json::json!({"name": "Ada", "email": "ada@example.com", "seats": 3, "newsletter": true});
/// let result = store.save(&args);
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

    /// The form and the saved rows.
    #[must_use]
    pub fn view(&self, notice: Option<&str>) -> ToolResult {
        let form = match auto_form::<Signup>(SAVE_TOOL) {
            Ok(form) => form,
            Err(e) => return display_error(format!("sign-up form: {e}")),
        };
        let rows = match self.rows() {
            Ok(rows) => rows,
            Err(e) => return display_error(format!("reading sign-ups: {e}")),
        };
        let mut column = Column::new().child(Heading::new("Sign up")).child(form);
        if let Some(notice) = notice {
            column = column.child(Muted::new(notice));
        }
        let count = rows.len();
        column = column.child(Heading::new(format!("Saved sign-ups ({count})")).level(3));
        if count > 0 {
            match auto_table(&rows) {
                Ok(table) => column = column.child(table),
                Err(e) => return display_error(format!("sign-up table: {e}")),
            }
        }
        display_with(Node::from(column), &DisplayOptions::new().title("Sign-ups"))
    }

    /// Checks the submitted fields, saves them and shows the updated view; a field that does
    /// not check out is named in the error result.
    #[must_use]
    pub fn save(&self, arguments: &serde_json::Value) -> ToolResult {
        let signup: Signup = match FormSubmission::parse(arguments) {
            Ok(signup) => signup,
            Err(errors) => return display_error(errors.to_string()),
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
        match saved {
            Ok(_) => self.view(Some(&format!("Saved {}.", signup.email))),
            Err(e) => display_error(format!("saving the sign-up: {e}")),
        }
    }
}

/// The arguments `save_signup` receives: the form's fields, as the view sends them.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
pub struct SaveSignup {
    /// Field name → submitted value (checked against [`Signup`]'s fields).
    #[serde(flatten)]
    pub fields: serde_json::Map<String, serde_json::Value>,
}

#[rmcp::tool_router(vis = "pub")]
impl Signups {
    #[rmcp::tool(
        description = "Gallery: a typed sign-up form (auto_form) that saves into SQLite and lists the saved rows",
        meta = prefab_mcp::ui_tool_meta()
    )]
    pub async fn gallery_signup_form(&self) -> rmcp::model::CallToolResult {
        prefab_mcp::call_tool_result(self.view(None))
    }

    #[rmcp::tool(
        description = "Saves a sign-up submitted by the gallery's form and shows the saved rows",
        meta = prefab_mcp::ui_tool_meta()
    )]
    pub async fn save_signup(
        &self,
        rmcp::handler::server::wrapper::Parameters(args): rmcp::handler::server::wrapper::Parameters<SaveSignup>,
    ) -> rmcp::model::CallToolResult {
        prefab_mcp::call_tool_result(self.save(&serde_json::Value::Object(args.fields)))
    }
}
