//! Evaluation of an [`Expr`] against a [`Scope`], with JavaScript value semantics.
//!
//! Like prefab-ui's single-pass evaluator, every operand is evaluated — both sides of `&&`
//! and `||` and both ternary branches — so a failing pipe fails the whole expression
//! wherever it sits (only observable through errors and custom pipes).
use super::ast::{ArithOp, CompareOp, Expr, LogicalOp, Path, PipeCall, UnaryOp};
use super::env::Env;
use super::error::EvalError;
use super::pipes;
use super::platform::rem;
use super::scope::Scope;
use super::value::Value;
use std::cmp::Ordering;

impl Expr {
    /// Evaluates the expression. Names resolve through `scope`; `env` supplies locale,
    /// time zone and custom pipes.
    ///
    /// ```
    /// use prefab::expr::{parse, Env, Value};
    /// // A pipe inside a then-branch needs parentheses (it would take `:` as its argument).
    /// let expr = parse("items.length > 0 ? (items.0.name | upper) : 'none'").unwrap();
    /// let state: Value = Value::object([(
    ///     "items",
    ///     Value::array([Value::object([("name", Value::from("ford"))])]),
    /// )]);
    /// assert_eq!(expr.eval(&state, &Env::default()).unwrap(), Value::from("FORD"));
    /// ```
    pub fn eval(&self, scope: &dyn Scope, env: &Env<'_>) -> Result<Value, EvalError> {
        Ok(match self {
            Expr::Literal(lit) => lit.to_value(),
            Expr::Path(path) => resolve(path, scope),
            Expr::Unary(op, inner) => {
                let n = inner.eval(scope, env)?.to_number();
                Value::Number(match op {
                    UnaryOp::Neg => -n,
                    UnaryOp::Plus => n,
                })
            }
            Expr::Not(inner) => Value::Bool(!inner.eval(scope, env)?.truthy()),
            Expr::Arith(first, steps) => {
                let mut acc = first.eval(scope, env)?;
                for (op, operand) in steps {
                    let rhs = operand.eval(scope, env)?;
                    acc = arith(*op, &acc, &rhs);
                }
                acc
            }
            Expr::Compare(left, op, right) => {
                let a = left.eval(scope, env)?;
                let b = right.eval(scope, env)?;
                Value::Bool(compare(*op, &a, &b))
            }
            Expr::Logical(op, operands) => {
                let mut result: Option<Value> = None;
                for operand in operands {
                    let v = operand.eval(scope, env)?;
                    result = Some(match result {
                        None => v,
                        Some(acc) => match (op, acc.truthy()) {
                            (LogicalOp::And, true) | (LogicalOp::Or, false) => v,
                            _ => acc,
                        },
                    });
                }
                result.unwrap_or_default()
            }
            Expr::Ternary(cond, then, otherwise) => {
                let c = cond.eval(scope, env)?.truthy();
                let a = then.eval(scope, env)?;
                let b = otherwise.eval(scope, env)?;
                if c { a } else { b }
            }
            Expr::Pipe(base, calls) => {
                let mut value = base.eval(scope, env)?;
                for call in calls {
                    value = match call {
                        PipeCall::Default(lit) => {
                            if value.is_nullish() {
                                lit.to_value()
                            } else {
                                value
                            }
                        }
                        PipeCall::Named { name, arg } => {
                            let arg = arg.as_ref().map(super::ast::Literal::to_value);
                            pipes::apply(name, value, arg.as_ref(), env)?
                        }
                    };
                }
                value
            }
        })
    }
}

/// Walks a dotted path: the first segment through the scope, the rest through objects and
/// arrays. `length` on an array or string gives its length and ends the walk; stepping
/// into a number, string or boolean gives `undefined`.
fn resolve(path: &Path, scope: &dyn Scope) -> Value {
    let parts = path.parts();
    let Some((first, rest)) = parts.split_first() else {
        return Value::Undefined;
    };
    let Some(root) = scope.lookup(&first.name) else {
        return Value::Undefined;
    };
    if rest.is_empty() {
        return root;
    }
    let mut current: &Value = &root;
    for seg in rest {
        match current {
            Value::Array(items) => {
                if &*seg.name == "length" {
                    return Value::from(items.len());
                }
                match seg.index.and_then(|i| items.get(i)) {
                    Some(v) => current = v,
                    None => return Value::Undefined,
                }
            }
            Value::String(s) if &*seg.name == "length" => {
                return Value::from(Value::utf16_len(s));
            }
            Value::Object(map) => match map.get(&seg.name) {
                Some(v) => current = v,
                None => return Value::Undefined,
            },
            _ => return Value::Undefined,
        }
    }
    current.clone()
}

/// `+` concatenates when either side is text, otherwise everything is `Number()`-coerced.
fn arith(op: ArithOp, a: &Value, b: &Value) -> Value {
    if op == ArithOp::Add && (matches!(a, Value::String(_)) || matches!(b, Value::String(_))) {
        let mut s = a.to_js_string();
        b.write_js_string(&mut s);
        return Value::from(s);
    }
    let (x, y) = (a.to_number(), b.to_number());
    Value::Number(match op {
        ArithOp::Add => x + y,
        ArithOp::Sub => x - y,
        ArithOp::Mul => x * y,
        ArithOp::Div => x / y,
        ArithOp::Rem => rem(x, y),
    })
}

fn compare(op: CompareOp, a: &Value, b: &Value) -> bool {
    match op {
        CompareOp::Eq => a.loose_eq(b),
        CompareOp::Ne => !a.loose_eq(b),
        CompareOp::Lt => a.js_compare(b) == Some(Ordering::Less),
        CompareOp::Gt => a.js_compare(b) == Some(Ordering::Greater),
        CompareOp::Le => matches!(a.js_compare(b), Some(Ordering::Less | Ordering::Equal)),
        CompareOp::Ge => matches!(a.js_compare(b), Some(Ordering::Greater | Ordering::Equal)),
    }
}
