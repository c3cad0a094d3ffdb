import LuaRuntime
import ScreenModel

/// The `ctx` handed to every callback and field function: its metatable, the store handle,
/// the read-only view metatable and the methods, made once per Lua state; a small handle a call.
extension Session {
    /// The references of what `installContext` made once per Lua state (nil before).
    struct ContextRefs {
        /// The metatable of ctx.
        var meta: LuaRef?
        /// The store handle, ctx.store.
        var store: LuaRef?
        /// The table of ctx's methods.
        var methods: LuaRef?
        /// The metatable of ctx.row and ctx.screen (read-only views).
        var view: LuaRef?
    }

    /// The methods of ctx (`ctx:push(target)`, ...), by name; `luascreen stubs` describes each.
    package static var contextMethods: [(String, (Session, borrowing LuaCall) -> HostResult)] {
        [
            ("push", { $0.ctxPush($1) }),
            ("pop", { $0.ctxPop($1) }),
            ("home", { $0.ctxHome($1) }),
            ("alert", { $0.ctxAlert($1) }),
            ("refuse", { $0.ctxRefuse($1) }),
            ("reload", { $0.ctxReload($1) }),
            ("insert_row", { $0.ctxInsertRow($1) }),
            ("remove_row", { $0.ctxRemoveRow($1) }),
            ("update_row", { $0.ctxUpdateRow($1) }),
            ("insert_section", { $0.ctxInsertSection($1) }),
            ("remove_section", { $0.ctxRemoveSection($1) }),
            ("tr", { $0.ctxTranslate($1) }),
            ("reset", { $0.ctxReset($1) }),
        ]
    }

    /// Creates the store handle, the view metatable and the methods once; each call gets a
    /// small ctx handle whose metatable holds the methods.
    ///
    /// `ctx`, `ctx.store`, `ctx.row` and `ctx.screen` are handles (userdata, SPEC §7): a
    /// script cannot `rawset` or `rawget` them, `setmetatable` refuses them and their
    /// metatables are hidden behind `__metatable`, so no trick on them changes what the host
    /// stores or later reads. Only the documented members change values.
    func installContext() {
        // ctx.store: a handle whose reads and writes go through the session.
        bridge.contextRefs.store = lua.newHandleRef { meta in
            meta.set("__index", hostCall: { [unowned self] call in self.storeIndex(call) })
            meta.set("__newindex", hostCall: { [unowned self] call in self.storeNewIndex(call) })
            meta.set("__pairs", hostCall: { [unowned self] call in self.storePairs(call) })
            meta.set("__metatable", "the store")
        }

        // ctx.row and ctx.screen: read-only views, handles whose hidden slot holds the fields.
        bridge.contextRefs.view = lua.newTableRef(recordCount: 3) { meta in
            meta.set("__index", hostCall: { call in
                call.pushHandleField(ofArgument: 1, slot: 1, keyArgument: 2)
                return .results(1)
            })
            meta.set("__newindex", hostCall: { _ in
                .error("ctx.row and ctx.screen are read-only; change values with ctx.store.KEY = value and rows with ctx:update_row")
            })
            meta.set("__metatable", "read-only")
        }

        // The methods of ctx.
        bridge.contextRefs.methods = lua.newTableRef(recordCount: 12) { methods in
            for (name, body) in Session.contextMethods {
                methods.set(name, hostCall: { [unowned self] call in body(self, call) })
            }
        }
        bridge.contextRefs.meta = lua.newTableRef(recordCount: 3) { meta in
            meta.set("__index", hostCall: { [unowned self] call in self.ctxIndex(call) })
            meta.set("__newindex", hostCall: { call in
                let field = call.string(2).map { "ctx." + Diagnostic.quote($0) } ?? "a field of ctx"
                return .error("ctx is read-only: cannot set \(field); keep values in the store (ctx.store.KEY = value) or in locals")
            })
            meta.set("__metatable", "ctx")
        }
    }

    /// Pushes a ctx for a call about `row` (nil for screen-level calls) on the current screen
    /// as the next of `args`: a handle whose metatable answers `store`, `row`, `screen` and
    /// the methods, known as active while the call runs.
    func pushContext(row: Row?, _ args: borrowing LuaArguments) {
        if let pointer = args.pushHandle(userValues: 2, metatable: bridge.contextRefs.meta) {
            bridge.activeContexts.append((pointer, row, navigation.count - 1))
        }
    }
}
