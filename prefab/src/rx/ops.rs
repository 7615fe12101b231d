//! Operator impls for [`Rx`]: `+ - * / %` (on either side), unary `-` and `!`.

use super::Rx;
use crate::expr::{ArithOp, Expr, UnaryOp};
use std::ops;

fn arith(lhs: Rx, op: ArithOp, rhs: Rx) -> Rx {
    let expr = match lhs.expr {
        Expr::Arith(first, mut steps)
            if steps
                .first()
                .is_some_and(|(o, _)| o.is_multiplicative() == op.is_multiplicative()) =>
        {
            steps.push((op, rhs.expr));
            Expr::Arith(first, steps)
        }
        other => Expr::Arith(Box::new(other), vec![(op, rhs.expr)]),
    };
    Rx { expr }
}

macro_rules! arith_ops {
    ($($trait:ident $method:ident $op:ident),*) => {$(
        impl<T: Into<Rx>> ops::$trait<T> for Rx {
            type Output = Rx;
            fn $method(self, rhs: T) -> Rx {
                arith(self, ArithOp::$op, rhs.into())
            }
        }
        impl<T: Into<Rx>> ops::$trait<T> for &Rx {
            type Output = Rx;
            fn $method(self, rhs: T) -> Rx {
                arith(self.clone(), ArithOp::$op, rhs.into())
            }
        }
        arith_ops!(@lhs $trait $method $op, f64 i32 i64 u32 usize &str String);
    )*};
    (@lhs $trait:ident $method:ident $op:ident, $($t:ty)*) => {$(
        impl ops::$trait<Rx> for $t {
            type Output = Rx;
            fn $method(self, rhs: Rx) -> Rx {
                arith(Rx::from(self), ArithOp::$op, rhs)
            }
        }
    )*};
}

arith_ops!(Add add Add, Sub sub Sub, Mul mul Mul, Div div Div, Rem rem Rem);

impl ops::Neg for Rx {
    type Output = Rx;
    fn neg(self) -> Rx {
        Rx {
            expr: Expr::Unary(UnaryOp::Neg, Box::new(self.expr)),
        }
    }
}

impl ops::Not for Rx {
    type Output = Rx;
    fn not(self) -> Rx {
        Rx::not(self)
    }
}
