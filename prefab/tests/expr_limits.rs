//! Bounded recursion and error positions: deep input is either parsed or refused with an
//! error, never a stack overflow (these run on the default 2 MiB test-thread stack).
#![allow(clippy::unwrap_used)]

use prefab::expr::{Env, MAX_DEPTH, Value, parse};

#[test]
fn two_hundred_nested_parentheses_evaluate() {
    let src = format!("{}1 + 2{}", "(".repeat(200), ")".repeat(200));
    let expr = parse(&src).unwrap();
    assert_eq!(
        expr.eval(&Value::Null, &Env::default()).unwrap(),
        Value::from(3)
    );
}

#[test]
fn hundred_thousand_nested_parentheses_are_an_error() {
    let src = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
    let err = parse(&src).unwrap_err();
    assert!(err.expected().contains("levels of nesting"), "{err}");
    assert_eq!(err.position(), MAX_DEPTH);
}

#[test]
fn deep_prefix_operators_are_an_error_not_a_crash() {
    for op in ["!", "-", "not ", "+"] {
        let src = format!("{}x", op.repeat(100_000));
        assert!(parse(&src).is_err(), "{op}");
    }
    let ternaries = format!("{}1{}", "x ? ".repeat(100_000), " : 2".repeat(100_000));
    assert!(parse(&ternaries).is_err());
}

#[test]
fn long_flat_chains_need_no_depth() {
    let sum = vec!["1"; 100_000].join(" + ");
    let expr = parse(&sum).unwrap();
    assert_eq!(
        expr.eval(&Value::Null, &Env::default()).unwrap(),
        Value::from(100_000)
    );
    let pipes = format!("'a'{}", " | upper | lower".repeat(10_000));
    assert_eq!(
        parse(&pipes)
            .unwrap()
            .eval(&Value::Null, &Env::default())
            .unwrap(),
        Value::from("a")
    );
}

#[test]
fn deepest_accepted_mix_of_levels_evaluates_and_prints() {
    // Every precedence level inside every parenthesis, as deep as the limit allows.
    let n = MAX_DEPTH / 3 - 1;
    let src = format!(
        "{}x{}",
        "a || b && !c == d + e * -(".repeat(n),
        ")".repeat(n)
    );
    let expr = parse(&src).unwrap();
    assert!(expr.eval(&Value::Null, &Env::default()).is_ok());
    assert_eq!(parse(&expr.to_string()).unwrap(), expr);
}

#[test]
fn parse_errors_name_position_and_expectation() {
    let err = parse("(a + b * 2").unwrap_err();
    assert_eq!(err.to_string(), r#"expected ')' at 10 in "(a + b * 2""#);
    let err = parse("a ? b").unwrap_err();
    assert_eq!((err.position(), err.expected()), (5, "':'"));
    let err = parse("x | 'a' 'b'").unwrap_err();
    assert_eq!(err.found(), Some("string 'b'"));
    let err = parse("a & b").unwrap_err();
    assert_eq!(err.position(), 2);
    let err = parse("é + 1").unwrap_err();
    assert_eq!(err.position(), 0);
}
