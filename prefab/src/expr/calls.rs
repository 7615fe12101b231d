//! A2UI function calls as prefab templates, one table for both readers (`prefab::a2ui` and
//! the renderer's): a format function (`formatCurrency`, `formatNumber`, `pluralize`) is the
//! pipe that prints the same, and a check function (`required`, `length`, `numeric`,
//! `regex`, `email`) the condition under which the check fails, so the readers show a
//! check's message while it holds, as A2UI renderers show a failing check's message.
use super::number::number_to_string;
use super::value::Value;

/// The message prefab's `required: true` is written to A2UI with (a check needs one); a
/// `required` check with it reads back as no message.
pub const REQUIRED_MESSAGE: &str = "Required";

/// The `{{ }}` template of A2UI function `call` with `args` (see [`CALLS`]): for a check,
/// the condition under which it fails. `None` for a function not in the table (`and` / `or`
/// / `not`, `formatString`, `formatDate`), a `value` that is neither a path nor a number, a
/// missing argument, or a string a single-quoted prefab string cannot carry (one with `'`
/// or `}}`). `dotted` turns a JSON Pointer into a prefab path (`None` when it cannot).
///
/// ```
/// use prefab::expr::{call_template, Value};
/// let dotted = |p: &str| p.strip_prefix('/').map(|p| p.replace('/', "."));
/// let password = Value::object([("path", Value::from("/form/password"))]);
/// let args = Value::object([("value", password.clone()), ("min", Value::from(8))]);
/// assert_eq!(
///     call_template("length", &args, &dotted).as_deref(),
///     Some("{{ (form.password | length) < 8 }}")
/// );
/// let args = Value::object([("value", password), ("currency", Value::from("EUR"))]);
/// assert_eq!(
///     call_template("formatCurrency", &args, &dotted).as_deref(),
///     Some("{{ form.password | currency:EUR }}")
/// );
/// ```
pub fn call_template(
    call: &str,
    args: &Value,
    dotted: &dyn Fn(&str) -> Option<String>,
) -> Option<String> {
    (CALLS.iter())
        .filter(|(name, _)| *name == call)
        .find_map(|(_, template)| fill(template, args, dotted))
}

/// Each function's template, `#arg` standing for an argument (`value` a path or a number,
/// the others as written); a call takes its first template whose every argument is given.
/// The `email` pattern is the basic catalogue's own, a deliberately simple
/// `name@domain.tld`.
const CALLS: &[(&str, &str)] = &[
    ("formatCurrency", "{{ #value | currency:#currency }}"),
    ("formatCurrency", "{{ #value | currency:USD }}"),
    ("formatNumber", "{{ #value | number:#decimals }}"),
    ("formatNumber", "{{ #value | number }}"),
    // prefab's pipe adds an `s` to the word for every count but 1 (`other` is not read).
    ("pluralize", "{{ #value | pluralize:#one }}"),
    // The checks: the condition under which each fails.
    // Null, `""` or `[]` (`String([])` is `""`).
    ("required", "{{ (#value | default) + '' == '' }}"),
    ("regex", "{{ !(#value | matches:'#pattern') }}"),
    (
        "email",
        "{{ !(#value | matches:'^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$') }}",
    ),
    (
        "length",
        "{{ (#value | length) < #min || (#value | length) > #max }}",
    ),
    ("length", "{{ (#value | length) < #min }}"),
    ("length", "{{ (#value | length) > #max }}"),
    ("length", "{{ false }}"),
    // Not a number (`Number(v)` is NaN), or out of bounds.
    (
        "numeric",
        "{{ #value - 0 != #value - 0 || #value < #min || #value > #max }}",
    ),
    ("numeric", "{{ #value - 0 != #value - 0 || #value < #min }}"),
    ("numeric", "{{ #value - 0 != #value - 0 || #value > #max }}"),
    ("numeric", "{{ #value - 0 != #value - 0 }}"),
];

/// `template` with each `#arg` replaced by that argument of `args`; `None` when one is
/// missing or cannot be written.
fn fill(template: &str, args: &Value, dotted: &dyn Fn(&str) -> Option<String>) -> Option<String> {
    let mut parts = template.split('#');
    let mut w = String::from(parts.next()?);
    for part in parts {
        let end = (part.bytes())
            .position(|b| !b.is_ascii_alphabetic())
            .unwrap_or(part.len());
        let (name, rest) = part.split_at(end);
        match get(args, name)? {
            Value::Object(map) => w.push_str(&dotted(map.get("path")?.as_str()?)?),
            Value::Number(n) => w.push_str(&number_to_string(*n)),
            Value::String(s)
                if name != "value" && !s.contains('\'') && !super::has_str(s, "}}") =>
            {
                w.push_str(s);
            }
            _ => return None,
        }
        w.push_str(rest);
    }
    Some(w)
}

/// Property `key` of an object.
fn get<'a>(v: &'a Value, key: &str) -> Option<&'a Value> {
    match v {
        Value::Object(map) => map.get(key),
        _ => None,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::expr::{Env, evaluate_condition};

    /// Whether check `call` with `extra` arguments fails for each value of `x`, as the
    /// template's condition finds it.
    fn fails(call: &str, extra: &[(&str, Value)], values: &[Value]) -> Vec<bool> {
        let dotted = |p: &str| p.strip_prefix('/').map(str::to_owned);
        let mut args = vec![("value", Value::object([("path", Value::from("/x"))]))];
        args.extend(extra.iter().cloned());
        let when = call_template(call, &Value::object(args), &dotted).unwrap();
        (values.iter())
            .map(|x| {
                let scope = Value::object([("x", x.clone())]);
                evaluate_condition(&when, &scope, &Env::default())
            })
            .collect()
    }

    #[test]
    fn checks_fail_as_the_basic_catalogue_computes_them() {
        let n = |x: f64| Value::from(x);
        let s = Value::from;
        // `numeric`: not a number (`isNaN`), or out of bounds; numeric strings are numbers.
        let bounds = [("min", n(1.0)), ("max", n(10.0))];
        let values = [
            n(5.0),
            s("7"),
            s("abc"),
            n(11.0),
            n(0.5),
            Value::Null,
            Value::Undefined,
        ];
        assert_eq!(
            fails("numeric", &bounds, &values),
            [false, false, true, true, true, true, true]
        );
        assert_eq!(fails("numeric", &[], &[n(-3.5), s("x")]), [false, true]);
        // `length`: of a text or a list, 0 for anything else; no bounds never fails.
        let list = Value::array([n(1.0), n(2.0)]);
        let values = [s("ab"), list.clone(), s("abcd"), n(12.0)];
        let max3 = [("max", n(3.0)), ("min", n(1.0))];
        assert_eq!(fails("length", &max3, &values), [false, false, true, true]);
        assert_eq!(fails("length", &[], &[s("")]), [false]);
        // `required`: null, `""` and `[]` fail; `0` and `false` do not.
        let values = [
            Value::Null,
            s(""),
            Value::array([]),
            n(0.0),
            Value::Bool(false),
            list,
        ];
        assert_eq!(
            fails("required", &[], &values),
            [true, true, true, false, false, false]
        );
    }

    #[test]
    fn calls_without_a_template_or_a_writable_argument_have_none() {
        let dotted = |p: &str| p.strip_prefix('/').map(str::to_owned);
        let path = Value::object([("path", Value::from("/x"))]);
        let with = |k: &str, v: Value| Value::object([("value", path.clone()), (k, v)]);
        assert!(call_template("and", &with("values", Value::array([])), &dotted).is_none());
        assert!(call_template("regex", &with("pattern", Value::from("it's")), &dotted).is_none());
        assert!(call_template("regex", &with("pattern", Value::from("a}}")), &dotted).is_none());
        // A text `value` is no operand.
        let text = Value::object([("value", Value::from("x"))]);
        assert!(call_template("required", &text, &dotted).is_none());
        assert_eq!(
            call_template("pluralize", &with("one", Value::from("item")), &dotted).as_deref(),
            Some("{{ x | pluralize:item }}")
        );
    }
}
