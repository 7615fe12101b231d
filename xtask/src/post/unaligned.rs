//! Unaligned memory accesses of the module wasm2js translates, moved into one small function
//! per kind of access.
//!
//! wasm2js writes a load or store whose alignment hint is below the value's size as single
//! bytes put together with shifts (an unaligned `i64.load` is eight byte reads, ~110
//! characters of JavaScript). LLVM emits such accesses when it copies an enum's payload
//! after its tag (`Result<Value, _>` re-wrapped, a 15-byte copy as two overlapping 8-byte
//! moves): about 550 of them, 7% of the JavaScript engine. [`outline`] replaces each with a
//! call of a helper that does the same access once: a load `(address, offset) → value`, a
//! store `(address, value, offset)`, the helper adding the offset as wasm2js's own code does
//! (32-bit wrapping) and keeping the access's alignment hint, so the bytes read and written
//! are the same. Only the JavaScript engine's module goes through this; the wasm engine
//! keeps its unaligned accesses, which WebAssembly performs natively.
//!
//! `i64` accesses aligned to 4 bytes are left alone: wasm2js splits them into two aligned
//! 32-bit accesses.
use std::collections::BTreeMap;
use wasm_encoder::reencode::{Reencode, RoundtripReencoder};
use wasm_encoder::{
    CodeSection, Function, FunctionSection, Instruction, MemArg, Module, TypeSection, ValType,
};
use wasmparser::{Operator, Parser, Payload, TypeRef};

/// The access `op` makes, when it is one that wasm2js would write byte by byte.
fn unaligned(op: &Operator) -> Option<(Kind, wasmparser::MemArg)> {
    use Operator as O;
    let (kind, m) = match *op {
        O::I32Load { memarg } => (Kind::I32Load, memarg),
        O::I64Load { memarg } => (Kind::I64Load, memarg),
        O::F32Load { memarg } => (Kind::F32Load, memarg),
        O::F64Load { memarg } => (Kind::F64Load, memarg),
        O::I32Load16S { memarg } => (Kind::I32Load16S, memarg),
        O::I32Load16U { memarg } => (Kind::I32Load16U, memarg),
        O::I64Load16S { memarg } => (Kind::I64Load16S, memarg),
        O::I64Load16U { memarg } => (Kind::I64Load16U, memarg),
        O::I64Load32S { memarg } => (Kind::I64Load32S, memarg),
        O::I64Load32U { memarg } => (Kind::I64Load32U, memarg),
        O::I32Store { memarg } => (Kind::I32Store, memarg),
        O::I64Store { memarg } => (Kind::I64Store, memarg),
        O::F32Store { memarg } => (Kind::F32Store, memarg),
        O::F64Store { memarg } => (Kind::F64Store, memarg),
        O::I32Store16 { memarg } => (Kind::I32Store16, memarg),
        O::I64Store16 { memarg } => (Kind::I64Store16, memarg),
        O::I64Store32 { memarg } => (Kind::I64Store32, memarg),
        _ => return None,
    };
    let natural = kind.natural();
    let split = matches!(kind, Kind::I64Load | Kind::I64Store) && m.align == 2;
    (m.align < natural
        && !split
        && m.target == wasmparser::MemArgTarget::Memory(0)
        && m.ordering.is_none())
    .then_some((kind, m))
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Kind {
    I32Load,
    I64Load,
    F32Load,
    F64Load,
    I32Load16S,
    I32Load16U,
    I64Load16S,
    I64Load16U,
    I64Load32S,
    I64Load32U,
    I32Store,
    I64Store,
    F32Store,
    F64Store,
    I32Store16,
    I64Store16,
    I64Store32,
}

impl Kind {
    /// The access's natural alignment (log2 of its width).
    fn natural(self) -> u8 {
        use Kind as K;
        match self {
            K::I64Load | K::F64Load | K::I64Store | K::F64Store => 3,
            K::I32Load | K::F32Load | K::I64Load32S | K::I64Load32U => 2,
            K::I32Store | K::F32Store | K::I64Store32 => 2,
            _ => 1,
        }
    }

    /// The value loaded or stored.
    fn value(self) -> ValType {
        use Kind as K;
        match self {
            K::I32Load | K::I32Load16S | K::I32Load16U | K::I32Store | K::I32Store16 => {
                ValType::I32
            }
            K::F32Load | K::F32Store => ValType::F32,
            K::F64Load | K::F64Store => ValType::F64,
            _ => ValType::I64,
        }
    }

    fn is_store(self) -> bool {
        use Kind as K;
        matches!(
            self,
            K::I32Store
                | K::I64Store
                | K::F32Store
                | K::F64Store
                | K::I32Store16
                | K::I64Store16
                | K::I64Store32
        )
    }

    fn instruction(self, m: MemArg) -> Instruction<'static> {
        use Instruction as I;
        use Kind as K;
        match self {
            K::I32Load => I::I32Load(m),
            K::I64Load => I::I64Load(m),
            K::F32Load => I::F32Load(m),
            K::F64Load => I::F64Load(m),
            K::I32Load16S => I::I32Load16S(m),
            K::I32Load16U => I::I32Load16U(m),
            K::I64Load16S => I::I64Load16S(m),
            K::I64Load16U => I::I64Load16U(m),
            K::I64Load32S => I::I64Load32S(m),
            K::I64Load32U => I::I64Load32U(m),
            K::I32Store => I::I32Store(m),
            K::I64Store => I::I64Store(m),
            K::F32Store => I::F32Store(m),
            K::F64Store => I::F64Store(m),
            K::I32Store16 => I::I32Store16(m),
            K::I64Store16 => I::I64Store16(m),
            K::I64Store32 => I::I64Store32(m),
        }
    }

    /// The helper's parameters and results.
    fn signature(self) -> (Vec<ValType>, Vec<ValType>) {
        if self.is_store() {
            (vec![ValType::I32, self.value(), ValType::I32], vec![])
        } else {
            (vec![ValType::I32, ValType::I32], vec![self.value()])
        }
    }

    /// The helper: the access at `address + offset` with the original alignment hint.
    fn helper(self, align: u32) -> Function {
        let mut f = Function::new([]);
        let m = MemArg {
            offset: 0,
            align,
            target: wasm_encoder::MemArgTarget::Memory(0),
            ordering: None,
        };
        let (offset, value) = if self.is_store() {
            (2, Some(1))
        } else {
            (1, None)
        };
        f.instruction(&Instruction::LocalGet(0));
        f.instruction(&Instruction::LocalGet(offset));
        f.instruction(&Instruction::I32Add);
        if let Some(value) = value {
            f.instruction(&Instruction::LocalGet(value));
        }
        f.instruction(&self.instruction(m));
        f.instruction(&Instruction::End);
        f
    }
}

/// `wasm` with every unaligned access (see the module docs) replaced by a call of its
/// helper, appended after the module's functions with their types.
pub fn outline(wasm: &[u8]) -> Result<Vec<u8>, String> {
    let err = |e: wasmparser::BinaryReaderError| format!("wasm: {e}");
    // First pass: the kinds present, the function and type counts.
    let (mut imported, mut defined, mut types) = (0_u32, 0_u32, 0_u32);
    let mut helpers: BTreeMap<(Kind, u8), u32> = BTreeMap::new();
    for payload in Parser::new(0).parse_all(wasm) {
        match payload.map_err(err)? {
            Payload::ImportSection(reader) => {
                for import in reader.into_imports() {
                    if matches!(import.map_err(err)?.ty, TypeRef::Func(_)) {
                        imported += 1;
                    }
                }
            }
            Payload::TypeSection(reader) => types = reader.count(),
            Payload::FunctionSection(reader) => defined = reader.count(),
            Payload::CodeSectionEntry(body) => {
                let mut ops = body.get_operators_reader().map_err(err)?;
                while !ops.eof() {
                    if let Some((kind, m)) = unaligned(&ops.read().map_err(err)?) {
                        helpers.entry((kind, m.align)).or_insert(0);
                    }
                }
            }
            _ => {}
        }
    }
    for (i, index) in helpers.values_mut().enumerate() {
        *index = imported + defined + u32::try_from(i).map_err(|e| e.to_string())?;
    }
    let mut module = Module::new();
    let mut code = CodeSection::new();
    let mut code_done = false;
    for payload in Parser::new(0).parse_all(wasm) {
        let payload = payload.map_err(err)?;
        match payload {
            Payload::TypeSection(reader) => {
                let mut section = TypeSection::new();
                RoundtripReencoder
                    .parse_type_section(&mut section, reader)
                    .map_err(|e| format!("wasm types: {e}"))?;
                for &(kind, _) in helpers.keys() {
                    let (params, results) = kind.signature();
                    section.ty().function(params, results);
                }
                module.section(&section);
            }
            Payload::FunctionSection(reader) => {
                let mut section = FunctionSection::new();
                RoundtripReencoder
                    .parse_function_section(&mut section, reader)
                    .map_err(|e| format!("wasm functions: {e}"))?;
                for i in 0..helpers.len() {
                    section.function(types + u32::try_from(i).map_err(|e| e.to_string())?);
                }
                module.section(&section);
            }
            Payload::CodeSectionStart { .. } => {}
            Payload::CodeSectionEntry(body) => {
                let mut f = RoundtripReencoder
                    .new_function_with_parsed_locals(&body)
                    .map_err(|e| format!("wasm locals: {e}"))?;
                let mut ops = body.get_operators_reader().map_err(err)?;
                while !ops.eof() {
                    let op = ops.read().map_err(err)?;
                    if let Some((kind, m)) = unaligned(&op) {
                        let offset = u32::try_from(m.offset)
                            .map_err(|_| "wasm: a memory offset past 4 GiB".to_string())?;
                        f.instruction(&Instruction::I32Const(offset.cast_signed()));
                        f.instruction(&Instruction::Call(helpers[&(kind, m.align)]));
                    } else {
                        let instruction = RoundtripReencoder
                            .instruction(op)
                            .map_err(|e| format!("wasm code: {e}"))?;
                        f.instruction(&instruction);
                    }
                }
                code.function(&f);
                if code.len() == defined {
                    for &(kind, align) in helpers.keys() {
                        code.function(&kind.helper(u32::from(align)));
                    }
                    module.section(&code);
                    code_done = true;
                }
            }
            other => {
                if let Some(section) = super::raw_section(wasm, &other)? {
                    module.section(&section);
                }
            }
        }
    }
    if !code_done && defined > 0 {
        return Err("wasm: the code section ended early".into());
    }
    Ok(module.finish())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use wasm_encoder::{ConstExpr, DataSection, ExportKind, ExportSection};

    const KINDS: [Kind; 17] = [
        Kind::I32Load,
        Kind::I64Load,
        Kind::F32Load,
        Kind::F64Load,
        Kind::I32Load16S,
        Kind::I32Load16U,
        Kind::I64Load16S,
        Kind::I64Load16U,
        Kind::I64Load32S,
        Kind::I64Load32U,
        Kind::I32Store,
        Kind::I64Store,
        Kind::F32Store,
        Kind::F64Store,
        Kind::I32Store16,
        Kind::I64Store16,
        Kind::I64Store32,
    ];

    fn arg(offset: u64, align: u32) -> MemArg {
        MemArg {
            offset,
            align,
            target: wasm_encoder::MemArgTarget::Memory(0),
            ordering: None,
        }
    }

    /// A module whose exported `run` makes every kind of access at odd addresses (byte
    /// alignment) and an `i64` access aligned to 4: loads of a byte pattern are stored
    /// aligned at 1024 + 16·i, stores of constants go to 2048 + 16·i + 1.
    fn sample() -> Vec<u8> {
        let mut types = TypeSection::new();
        types.ty().function([], []);
        let mut functions = FunctionSection::new();
        functions.function(0);
        let memories = crate::post::one_page_memory();
        let mut exports = ExportSection::new();
        exports.export("memory", ExportKind::Memory, 0);
        exports.export("run", ExportKind::Func, 0);
        // One local per value type, to hold a loaded value while its address is pushed.
        let mut f = Function::new([
            (1, ValType::I32),
            (1, ValType::F32),
            (1, ValType::F64),
            (1, ValType::I64),
        ]);
        let local = |value: ValType| match value {
            ValType::I32 => 0,
            ValType::F32 => 1,
            ValType::F64 => 2,
            _ => 3,
        };
        for (i, kind) in KINDS.iter().enumerate() {
            let i = u64::try_from(i).unwrap();
            f.instruction(&Instruction::I32Const(3));
            if kind.is_store() {
                match kind.value() {
                    ValType::I32 => f.instruction(&Instruction::I32Const(-0x1234_5679)),
                    ValType::F32 => f.instruction(&Instruction::F32Const(1.5_f32.into())),
                    ValType::F64 => f.instruction(&Instruction::F64Const((-2.25_f64).into())),
                    _ => f.instruction(&Instruction::I64Const(-0x0123_4567_89ab_cdef)),
                };
                f.instruction(&kind.instruction(arg(2045 + 16 * i + 1, 0)));
            } else {
                f.instruction(&kind.instruction(arg(i * 3 + 2, 0)));
                let store = match kind.value() {
                    ValType::I32 => Kind::I32Store,
                    ValType::F32 => Kind::F32Store,
                    ValType::F64 => Kind::F64Store,
                    _ => Kind::I64Store,
                };
                // The loaded value, stored aligned at 1024 + 16·i.
                f.instruction(&Instruction::LocalSet(local(kind.value())));
                f.instruction(&Instruction::I32Const(
                    1024 + 16 * i32::try_from(i).unwrap(),
                ));
                f.instruction(&Instruction::LocalGet(local(kind.value())));
                f.instruction(&store.instruction(arg(0, u32::from(store.natural()))));
            }
        }
        // An i64 load and store aligned to 4: wasm2js splits those itself.
        f.instruction(&Instruction::I32Const(4));
        f.instruction(&Instruction::I32Const(8));
        f.instruction(&Instruction::I64Load(arg(0, 2)));
        f.instruction(&Instruction::I64Store(arg(3000, 2)));
        f.instruction(&Instruction::End);
        let mut code = CodeSection::new();
        code.function(&f);
        let mut data = DataSection::new();
        let pattern: Vec<u8> = (0..96_u8).map(|b| b.wrapping_mul(37) ^ 0x5a).collect();
        data.active(0, &ConstExpr::i32_const(0), pattern);
        let mut module = Module::new();
        module
            .section(&types)
            .section(&functions)
            .section(&memories)
            .section(&exports)
            .section(&code)
            .section(&data);
        module.finish()
    }

    /// Every unaligned access of the module, as (kind, alignment).
    fn accesses(wasm: &[u8]) -> Vec<(Kind, u8)> {
        let mut out = Vec::new();
        for payload in Parser::new(0).parse_all(wasm) {
            if let Payload::CodeSectionEntry(body) = payload.unwrap() {
                let mut ops = body.get_operators_reader().unwrap();
                while !ops.eof() {
                    if let Some((kind, m)) = unaligned(&ops.read().unwrap()) {
                        out.push((kind, m.align));
                    }
                }
            }
        }
        out
    }

    #[test]
    fn each_unaligned_access_becomes_a_call_of_one_helper_per_kind() {
        let wasm = sample();
        let before = accesses(&wasm);
        assert_eq!(before.len(), KINDS.len(), "every kind, byte-aligned");
        let outlined = outline(&wasm).unwrap();
        wasmparser::Validator::new()
            .validate_all(&outlined)
            .unwrap();
        // What is left are the helpers' own accesses, one each.
        let mut after = accesses(&outlined);
        after.sort();
        let mut kinds = before.clone();
        kinds.sort();
        assert_eq!(after, kinds);
    }

    /// Under node, the original and the outlined module leave the same bytes in memory.
    #[test]
    fn the_outlined_module_reads_and_writes_the_same_bytes() {
        let wasm = sample();
        let outlined = outline(&wasm).unwrap();
        let dir = std::env::temp_dir().join(format!("prefab-unaligned-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a.wasm"), &wasm).unwrap();
        std::fs::write(dir.join("b.wasm"), &outlined).unwrap();
        let script = "const fs = require('fs');\
            const run = f => { const i = new WebAssembly.Instance(new WebAssembly.Module(fs.readFileSync(f)));\
              i.exports.run(); return Buffer.from(i.exports.memory.buffer.slice(0, 4096)); };\
            const [a, b] = process.argv.slice(1).map(run);\
            const touched = a.subarray(1024, 3100).some(x => x !== 0);\
            console.log(a.equals(b) && touched ? 'same' : 'differ');";
        let Some(out) = crate::post::node([
            "-e",
            script,
            &dir.join("a.wasm").to_string_lossy(),
            &dir.join("b.wasm").to_string_lossy(),
        ]) else {
            return;
        };
        let _ = std::fs::remove_dir_all(&dir);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "same");
    }
}
