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
        let stack = lua.stack
        // ctx.store: a handle whose reads and writes go through the session.
        stack.newHandle()
        stack.newTable(recordCount: 4)
        lua.pushHostCall { [unowned self] call in self.storeIndex(call) }
        stack.rawSet(-2, "__index")
        lua.pushHostCall { [unowned self] call in self.storeNewIndex(call) }
        stack.rawSet(-2, "__newindex")
        lua.pushHostCall { [unowned self] call in self.storePairs(call) }
        stack.rawSet(-2, "__pairs")
        stack.push("the store")
        stack.rawSet(-2, "__metatable")
        stack.setMetatable(-2)
        contextRefs.store = lua.ref()

        // ctx.row and ctx.screen: read-only views, handles whose hidden slot holds the fields.
        stack.newTable(recordCount: 3)
        lua.pushHostCall { call in
            call.pushHandleField(ofArgument: 1, slot: 1, keyArgument: 2)
            return .results(1)
        }
        stack.rawSet(-2, "__index")
        lua.pushHostCall { _ in
            .error("ctx.row and ctx.screen are read-only; change values with ctx.store.KEY = value and rows with ctx:update_row")
        }
        stack.rawSet(-2, "__newindex")
        stack.push("read-only")
        stack.rawSet(-2, "__metatable")
        contextRefs.view = lua.ref()

        // The methods of ctx.
        stack.newTable(recordCount: 3)
        stack.newTable(recordCount: 12)
        for (name, body) in Session.contextMethods {
            lua.pushHostCall { [unowned self] call in body(self, call) }
            stack.rawSet(-2, name)
        }
        contextRefs.methods = lua.ref()
        lua.pushHostCall { [unowned self] call in self.ctxIndex(call) }
        stack.rawSet(-2, "__index")
        lua.pushHostCall { call in
            let field = call.string(2).map { "ctx." + Diagnostic.quote($0) } ?? "a field of ctx"
            return .error("ctx is read-only: cannot set \(field); keep values in the store (ctx.store.KEY = value) or in locals")
        }
        stack.rawSet(-2, "__newindex")
        stack.push("ctx")
        stack.rawSet(-2, "__metatable")
        contextRefs.meta = lua.ref()
    }

    /// Pushes a ctx for a call about `row` (nil for screen-level calls) on the current screen:
    /// a handle whose metatable answers `store`, `row`, `screen` and the methods.
    func pushContext(row: Row?) {
        let stack = lua.stack
        stack.ensure(10)
        stack.newHandle(userValues: 2)
        if let meta = contextRefs.meta { lua.push(meta) } else { stack.pushNil() }
        stack.setMetatable(-2)
        if let pointer = stack.pointer(at: -1) {
            activeContexts.append((pointer, row, navigation.count - 1))
        }
    }
}
