//! # kanban
//!
//! The Kanban example: a board that the model and the user edit together.
//!
//! * [`board`] — the board document (columns, cards, labels) and its operations;
//! * [`store`] — durable storage: one row per board (JSON + version), conditional writes
//!   retried on conflict; SQLite (embedded default) or PostgreSQL (several servers);
//! * [`Kanban`] — the operations over a store, each answering with the whole board;
//! * [`tools::KanbanServer`] — the MCP server, an rmcp [`ServerHandler`](rmcp::ServerHandler)
//!   with one UI tool, `open_board`, and twelve data-only tools ([`tools::DATA_TOOLS`]);
//!   mount it with [`prefab_mcp::Viewer::attach`], or take its tools with
//!   `KanbanServer::tool_router()`;
//! * [`ui`] — the board view: prefab components and the `Sortable` extension
//!   (drag-and-drop, keyboard moves), optimistic and sequenced.
//!
//! ```
//! use kanban::{Kanban, store::SqliteStore, tools::KanbanServer};
//! use rmcp::ServerHandler;
//! let kanban = Kanban::new(SqliteStore::open_memory()?);
//! let server = prefab_mcp::Viewer::new().attach(KanbanServer::new(kanban));
//! assert!(server.get_info().capabilities.tools.is_some());
//! # Ok::<(), kanban::store::StoreError>(())
//! ```
#![forbid(unsafe_code)]

pub mod board;
mod service;
pub mod store;
pub mod tools;
pub mod ui;

pub use board::{Anchor, Board, BoardError, Card, Column, Label};
pub use service::{Answer, DEFAULT_BOARD, Error, Kanban, Summary};
