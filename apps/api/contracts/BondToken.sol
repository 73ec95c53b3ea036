// SPDX-License-Identifier: UNLICENSED
pragma solidity 0.8.30;

/// @title BondToken: one permissioned token per bond, in the spirit of ERC-3643 (decision 016, "EVM registrar").
/// @notice Whole tokens (decimals 0). Only the registrar's agent key mints, burns and moves tokens
/// (forced transfer); holders keep custodial wallets and cannot move tokens themselves. Only
/// addresses on the agent's allow-list may receive tokens. Pausable by the agent.
contract BondToken {
    string public name;
    string public symbol;
    uint8 public constant decimals = 0;
    uint256 public totalSupply;
    address public immutable agent;
    bool public paused;

    mapping(address => uint256) public balanceOf;
    mapping(address => bool) public isAllowed;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Allowed(address indexed account);
    event Disallowed(address indexed account);
    event Paused(bool paused);

    error NotAgent(address caller);
    error AddressNotAllowed(address account);
    error InsufficientBalance(address account, uint256 balance, uint256 needed);
    error TokenPaused();
    error ZeroAmount();
    error ZeroAddress();
    error HolderTransfersDisabled();

    modifier onlyAgent() {
        if (msg.sender != agent) revert NotAgent(msg.sender);
        _;
    }

    modifier whenNotPaused() {
        if (paused) revert TokenPaused();
        _;
    }

    constructor(string memory name_, string memory symbol_, address agent_) {
        if (agent_ == address(0)) revert ZeroAddress();
        name = name_;
        symbol = symbol_;
        agent = agent_;
    }

    function allow(address account) external onlyAgent {
        if (account == address(0)) revert ZeroAddress();
        if (!isAllowed[account]) {
            isAllowed[account] = true;
            emit Allowed(account);
        }
    }

    function disallow(address account) external onlyAgent {
        if (isAllowed[account]) {
            isAllowed[account] = false;
            emit Disallowed(account);
        }
    }

    function pause() external onlyAgent {
        paused = true;
        emit Paused(true);
    }

    function unpause() external onlyAgent {
        paused = false;
        emit Paused(false);
    }

    function mint(address to, uint256 amount) external onlyAgent whenNotPaused {
        if (amount == 0) revert ZeroAmount();
        if (!isAllowed[to]) revert AddressNotAllowed(to);
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function burn(address from, uint256 amount) external onlyAgent whenNotPaused {
        if (amount == 0) revert ZeroAmount();
        uint256 balance = balanceOf[from];
        if (balance < amount) revert InsufficientBalance(from, balance, amount);
        unchecked {
            balanceOf[from] = balance - amount;
            totalSupply -= amount;
        }
        emit Transfer(from, address(0), amount);
    }

    function forcedTransfer(address from, address to, uint256 amount) external onlyAgent whenNotPaused {
        if (amount == 0) revert ZeroAmount();
        if (!isAllowed[to]) revert AddressNotAllowed(to);
        uint256 balance = balanceOf[from];
        if (balance < amount) revert InsufficientBalance(from, balance, amount);
        unchecked {
            balanceOf[from] = balance - amount;
        }
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }

    /// @notice Holder-initiated transfers are disabled: wallets are custodial and every transfer is
    /// the platform's (two-factor, whitelist, investor limit), executed by the agent.
    function transfer(address, uint256) external pure returns (bool) {
        revert HolderTransfersDisabled();
    }
}
