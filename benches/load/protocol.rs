//! The three calls of the benchmark and the two request forms the servers speak.

/// What a client calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Call {
    /// `ping`.
    Ping,
    /// `tools/call user_stats`: a few fields of JSON, no UI.
    Stats,
    /// `tools/call show_users`: the 300-row auto table.
    Table,
}

impl Call {
    /// Every call, in table order.
    pub const ALL: [Call; 3] = [Call::Ping, Call::Stats, Call::Table];

    /// Its name on the command line and in the table.
    pub fn label(self) -> &'static str {
        match self {
            Call::Ping => "ping",
            Call::Stats => "user_stats",
            Call::Table => "show_users",
        }
    }

    fn method(self) -> &'static str {
        match self {
            Call::Ping => "ping",
            Call::Stats | Call::Table => "tools/call",
        }
    }

    fn tool(self) -> Option<&'static str> {
        match self {
            Call::Ping => None,
            Call::Stats | Call::Table => Some(self.label()),
        }
    }
}

/// How a server is called.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    /// The stateless form of protocol 2026-07-28: no `initialize`, the routing headers
    /// (`Mcp-Method`, `Mcp-Name`) and the client's version, info and capabilities in each
    /// request's `_meta`. That revision has no `ping` (nothing to keep alive without a
    /// session): a server speaking it answers the classic `ping` of older clients, which is
    /// what is sent.
    Stateless,
    /// Protocol 2025-11-25 against a stateless server (no session: every request stands
    /// alone, no `initialize` needed).
    Classic,
}

const STATELESS_VERSION: &str = "2026-07-28";
const CLASSIC_VERSION: &str = "2025-11-25";

impl Protocol {
    /// The form `call` is sent in.
    fn form(self, call: Call) -> Protocol {
        match call {
            Call::Ping => Protocol::Classic,
            Call::Stats | Call::Table => self,
        }
    }

    /// The request headers besides `Host`, `Content-Type` and `Accept`.
    pub fn headers(self, call: Call) -> Vec<(&'static str, &'static str)> {
        match self.form(call) {
            Protocol::Classic => vec![("mcp-protocol-version", CLASSIC_VERSION)],
            Protocol::Stateless => {
                let mut headers = vec![
                    ("mcp-protocol-version", STATELESS_VERSION),
                    ("mcp-method", call.method()),
                ];
                headers.extend(call.tool().map(|tool| ("mcp-name", tool)));
                headers
            }
        }
    }

    /// The JSON-RPC request with `id`.
    pub fn body(self, call: Call, id: u64) -> String {
        let meta = match self.form(call) {
            Protocol::Classic => String::new(),
            Protocol::Stateless => format!(
                r#""_meta":{{"io.modelcontextprotocol/protocolVersion":"{STATELESS_VERSION}","io.modelcontextprotocol/clientInfo":{{"name":"bench-load","version":"0.1.0"}},"io.modelcontextprotocol/clientCapabilities":{{}}}}"#
            ),
        };
        let params = match (call.tool(), meta.is_empty()) {
            (Some(tool), true) => format!(r#"{{"name":"{tool}","arguments":{{}}}}"#),
            (Some(tool), false) => format!(r#"{{"name":"{tool}","arguments":{{}},{meta}}}"#),
            (None, true) => "{}".to_owned(),
            (None, false) => format!("{{{meta}}}"),
        };
        format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"{}","params":{params}}}"#,
            call.method()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::{Call, Protocol};

    #[test]
    fn bodies_are_json_rpc_requests() {
        for protocol in [Protocol::Stateless, Protocol::Classic] {
            for call in Call::ALL {
                let body: serde_json::Value =
                    serde_json::from_str(&protocol.body(call, 7)).expect("a JSON body");
                assert_eq!(body["id"], 7);
                assert_eq!(body["method"], call.method());
                assert_eq!(body["params"]["name"].as_str(), call.tool());
                let meta = &body["params"]["_meta"]["io.modelcontextprotocol/protocolVersion"];
                let stateless = protocol == Protocol::Stateless && call != Call::Ping;
                assert_eq!(meta.is_string(), stateless);
            }
        }
    }
}
