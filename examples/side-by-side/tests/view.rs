//! The expenses app as a user uses it, without a browser (prefab-test): the `expenses`
//! binary runs as a host runs it, over stdio; its tools' results are mounted, clicked and
//! typed into, and the calls the view makes go to the same running server.
use prefab_test::View;
use serde_json::{Value, json};
use std::cell::RefCell;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::rc::Rc;
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// The `expenses` server, spoken to over its standard input and output.
struct Server {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    next_id: u64,
}

impl Server {
    /// Starts the binary and opens the MCP session.
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_expenses"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start expenses");
        let stdout = child.stdout.take().expect("its stdout");
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take().expect("its stdin");
        let mut server = Server {
            child,
            stdin,
            lines,
            next_id: 1,
        };
        let client = json!({"name": "prefab-test", "version": "1.0.0"});
        let init =
            json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": client});
        server.request("initialize", &init);
        server.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        server
    }

    fn send(&mut self, message: &Value) {
        writeln!(self.stdin, "{message}").expect("write to the server");
        self.stdin.flush().expect("flush");
    }

    /// Sends a request and waits (a minute at most) for its result.
    fn request(&mut self, method: &str, params: &Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("no answer to {method}"));
            let message: Value = serde_json::from_str(&line).expect("a JSON-RPC line");
            if message["id"] == id {
                assert!(message.get("error").is_none(), "{method}: {message}");
                return message["result"].clone();
            }
        }
    }

    /// `tools/call`: the tool's result as the host receives it.
    fn call(&mut self, tool: &str, arguments: &Value) -> Value {
        self.request("tools/call", &json!({"name": tool, "arguments": arguments}))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A view of `tool`'s result whose tool calls the running server answers.
fn open(server: &Rc<RefCell<Server>>, tool: &str) -> View {
    let view = View::mount(server.borrow_mut().call(tool, &json!({})));
    for name in ["add_expense", "reimburse_all"] {
        let server = Rc::clone(server);
        view.on_tool(name, move |arguments| {
            server.borrow_mut().call(name, arguments).into()
        });
    }
    view
}

#[test]
fn the_dashboard_button_reimburses_everything() {
    let server = Rc::new(RefCell::new(Server::start()));
    let view = open(&server, "dashboard");
    assert!(
        view.text().contains("Expenses 3 Total $429.50"),
        "{}",
        view.text()
    );
    view.get_by_role("button", "Reimburse all").click();
    assert_eq!(
        view.tool_calls(),
        [("reimburse_all".to_string(), json!({}))]
    );
    // The server's answer, shown by the button's `onSuccess`.
    assert_eq!(view.state("status"), "Reimbursed 3 expenses");
    assert!(view.text().ends_with("Reimburse all Reimbursed 3 expenses"));
    // The server reimbursed them: the table it shows now is empty.
    let table = open(&server, "show_expenses");
    assert!(table.text().contains("No results."), "{}", table.text());
}

#[test]
fn an_expense_added_in_the_form_shows_in_the_table() {
    let server = Rc::new(RefCell::new(Server::start()));
    let view = open(&server, "add_expense");
    view.get_by_label("Description")
        .type_text("Taxi to the airport");
    view.get_by_role("radio", "Travel").click();
    view.get_by_label("Amount").fill("0");
    view.get_by_role("button", "Submit").click();
    // Out of range: the form comes back from the server, values kept, the problem shown.
    let (tool, arguments) = &view.tool_calls()[0];
    assert_eq!(tool, "add_expense");
    assert_eq!(arguments["description"], "Taxi to the airport");
    assert_eq!(view.get_by_label("Amount").value(), "0");
    assert!(
        view.text().contains("must be at least 1"),
        "{}",
        view.text()
    );

    view.get_by_label("Amount").fill("42.5");
    view.get_by_role("button", "Submit").click();
    assert_eq!(view.tool_calls().len(), 2);
    // Valid: the server's table replaces the form, the new expense in its last row.
    assert!(view.query_by_role("button", "Submit").is_none());
    let rows: Vec<String> = view.all_by_role("row").iter().map(|r| r.text()).collect();
    assert_eq!(rows[4], "Taxi to the airport Travel $42.50", "{rows:?}");
}
