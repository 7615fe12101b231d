//! The `{{ … }}` expression language of `$prefab` UIs: lexer → parser → AST → evaluator,
//! with JavaScript value semantics, reproducing prefab-ui 0.21.1's renderer.
//!
//! This module has no dependencies (conversions to and from `serde_json` need feature
//! `json`), so the wasm renderer runs exactly this code.
//!
//! # The language in one screen
//!
//! ```text
//! literals     42  3.14  .5  'text'  true  false  null         (no escapes, no exponent)
//! names        count  user.name  items.0.title  items.length  $item  $index  $event
//! arithmetic   a + b   a - b   a * b   a / b   a % b   -a   +a  ('+' concatenates text)
//! comparison   ==  !=  <  <=  >  >=                             (loose ==, no chaining)
//! logic        a && b  a and b  a || b  a or b  !a  not a       (return an operand)
//! ternary      cond ? a : b
//! pipes        price | currency:EUR    name | upper | truncate:20    x | 'fallback'
//! ```
//!
//! Precedence from loosest to tightest: pipe, ternary, `||`, `&&`, `!`, comparison,
//! `+ -`, `* / %`, unary `- +`. The pipe being loosest means `a + b | upper` pipes the sum,
//! and nothing but another pipe may follow one (`(items | length) > 0`).
//!
//! # Parse once, evaluate many times
//!
//! ```
//! use prefab::expr::{parse, Env, Layered, Value};
//!
//! let expr = parse("$index + 1 + '. ' + $item.name | upper").unwrap();
//! let state = Value::object([("title", Value::from("Crew"))]);
//! let env = Env::default(); // en-US, UTC
//! for (i, name) in ["arthur", "ford"].iter().enumerate() {
//!     let item = [("$item", Value::object([("name", Value::from(*name))])), ("$index", i.into())];
//!     let scope = Layered::new(&item, &state);
//!     println!("{}", expr.eval(&scope, &env).unwrap()); // "1. ARTHUR", "2. FORD"
//! }
//! ```
//!
//! # Entry points
//!
//! * [`parse`] + [`Expr::eval`] (or [`evaluate`]) for a bare expression;
//! * [`interpolate_string`] / [`Template`] for string props (`"Hi {{ name }}"`; a prop that
//!   is exactly one `{{ expr }}` keeps its type);
//! * [`evaluate_condition`] / [`Condition`] for `when`/`while` conditions;
//! * [`interpolate_props`] for a whole props object.
//!
//! Names come from a [`Scope`] (any `Value` object, or [`Layered`] scopes); locale, time
//! zone and custom pipes from an [`Env`].
//!
//! # Guarantees
//!
//! Nothing panics on any input; nesting deeper than [`MAX_DEPTH`] is a parse error rather
//! than a stack overflow; nothing from the wire is ever run as code.
mod ast;
mod calls;
mod env;
mod error;
mod eval;
mod hash;
mod interpolate;
#[cfg(feature = "json")]
mod json;
mod lexer;
mod number;
mod parser;
mod pipes;
pub(crate) mod platform;
mod print;
mod scope;
mod search;
mod value;

pub use ast::{ArithOp, CompareOp, Expr, Literal, LogicalOp, Path, PipeCall, UnaryOp};
pub use calls::{REQUIRED_MESSAGE, call_template};
pub use env::{Env, PipeHook, TimeZone};
pub use error::{Error, EvalError, ParseError, quote};
pub use hash::{BuildHasher, HashMap};
pub use interpolate::{
    Condition, Template, evaluate_condition, interpolate_props, interpolate_string,
};
pub use number::{number_to_string, string_to_number};
pub use parser::{MAX_DEPTH, parse};
pub use pipes::{
    BUILTIN_PIPES, MONTHS, civil_from_days, date_pattern, date_template, days_from_civil,
};
pub use platform::{lower_case, upper_case};
pub use scope::{Layered, Scope};
pub use search::{find_str, has_str, split_str};
pub use value::{Map, Value};

/// Parses and evaluates `src` in one call.
///
/// ```
/// use prefab::expr::{evaluate, Env, Value};
/// let state = Value::object([("price", Value::from(10)), ("qty", Value::from(3))]);
/// assert_eq!(evaluate("price * qty", &state, &Env::default()).unwrap(), Value::from(30));
/// ```
pub fn evaluate(src: &str, scope: &dyn Scope, env: &Env<'_>) -> Result<Value, Error> {
    Ok(parse(src)?.eval(scope, env)?)
}
